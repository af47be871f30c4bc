/**
 * The cookie that tells the console server the color scheme an operator picked (`light` or `dark`),
 * so it draws the HTML's first paint in it. Written by the SPA (src/app/scheme-storage.ts).
 */
export const schemeCookie = 'console-scheme';
