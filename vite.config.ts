import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const consoleTarget = `http://127.0.0.1:${process.env.CONSOLE_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: consoleTarget, changeOrigin: false },
      '/auth': { target: consoleTarget, changeOrigin: false },
      '/console': { target: consoleTarget, changeOrigin: false },
    },
  },
  build: { target: 'es2022', sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'src/**/*.test.ts', 'bench/**/*.test.ts'],
          setupFiles: ['./src/testing/setup-node.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/testing/setup-dom.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
