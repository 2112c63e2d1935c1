/** The app's URL state is the deep-link format the CLI prints too: one definition, in core. */
export * from '../../core/link/deepLink';
