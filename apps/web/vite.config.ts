import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on the server (npm run serve); the dev server forwards to it.
const api = process.env.EDRF_API || 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': api, '/front': api, '/ws': { target: api, ws: true } } },
});
