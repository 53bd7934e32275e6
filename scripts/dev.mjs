// `npm run dev`: the API (reloading on change, tsx watch) and the Vite dev server, which proxies
// /api and /runtime-config.json to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    // Mailed links may point at the Vite dev server's origin.
    env: {
      ...process.env,
      PORT: process.env.PORT ?? '8080',
      CONSOLE_ORIGINS: process.env.CONSOLE_ORIGINS ?? 'http://localhost:5173',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
