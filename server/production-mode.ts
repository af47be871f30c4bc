/**
 * The console server runs the SPA's React, MUI and emotion in their production builds (decision
 * 0060): it draws pages with them for every operator, and the development builds render several
 * times slower and name styles differently from the built SPA, whose cache then could not adopt
 * them. Imported first by the server's entry, before anything loads React; a value already set (a
 * test runner's `test`) is kept.
 */
process.env.NODE_ENV ??= 'production';
