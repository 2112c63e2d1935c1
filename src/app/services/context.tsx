/**
 * The app's services, provided by the composition root through React
 * context: views reach the worker client and the services with these hooks,
 * never by importing a module that holds them.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { AppServices } from '../compose';

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <ServicesProvider> (see main.tsx)');
  return services;
}
