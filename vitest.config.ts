import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTests = ['server/**/*.api.test.ts'];
const apiProject = (database: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${database}`,
    include: apiTests,
    environment: 'node',
    env: { TEST_DB: database },
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: apiTests,
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      apiProject('pglite'),
      // CI sets TEST_DATABASE_URL, so every API test runs on PostgreSQL as well.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
