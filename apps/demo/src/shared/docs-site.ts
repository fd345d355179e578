/** Where the demo serves the documentation site (`npm start` builds it): the `base` its VitePress config builds for. */
export const docsSitePath = '/docs/';
