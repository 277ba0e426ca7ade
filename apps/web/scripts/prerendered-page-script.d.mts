/** The inline script (and its style) of a prerendered public page: see prerendered-page-script.mjs. */
export declare const prerenderedPageScript: (files: string[], entrySrc: string) => string;
