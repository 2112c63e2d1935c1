/**
 * The composition root: the one place that creates the worker client and the
 * app's services, starts them, and provides them to the views.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LogClient } from '../worker/client';
import { App } from './App';
import { composeApp, startApp } from './compose';
import { ServicesProvider } from './services/context';
import { loadLayout } from './layout/layoutState';
import { applyTheme, storedTheme } from './theme';
import './index.css';

// The remembered theme goes on <html> before anything renders (no flash of the other theme).
applyTheme(storedTheme());
loadLayout(window.innerWidth, window.innerHeight);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root element missing from index.html');

/**
 * When a log's open may reach its worker: once the frame showing the new load is rendered (a task
 * posted from the next animation frame runs after it), so its layout does not share the cores
 * with the worker's reading (src/worker/sendGate.ts). A hidden tab draws no frames: at once then,
 * and never later than 200 ms.
 */
const afterNextFrame = () =>
  new Promise<void>((ok) => {
    if (document.visibilityState === 'hidden') return ok();
    requestAnimationFrame(() => setTimeout(ok, 0));
    setTimeout(ok, 200);
  });

const client = new LogClient({ openAfter: afterNextFrame });
const services = composeApp(client, () => new LogClient({ openAfter: afterNextFrame }));
// A debug hook for the browser tests: simulate the worker dying (e.g. of out-of-memory).
(window as unknown as { __seqscope?: object }).__seqscope = { killWorker: () => client.killForTesting() };
startApp(services);

createRoot(rootElement).render(
  <StrictMode>
    <ServicesProvider services={services}>
      <App />
    </ServicesProvider>
  </StrictMode>,
);
