/**
 * The id of the HTML's data block with the answers of the page's first reads: written by the
 * console server (server/proxy/http/html-page.ts), read by the SPA at its start (src/app/page-reads.ts).
 */
export const readsBlockId = 'console-reads';
