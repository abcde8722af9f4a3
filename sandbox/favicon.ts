/** The sandbox's icon, linked from its HTML pages and served by the server (also as /favicon.ico). */
export const FAVICON_PATH = "/favicon.svg";

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d2a35"/><text x="16" y="22" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#f4f6f8" text-anchor="middle">S</text></svg>`;
