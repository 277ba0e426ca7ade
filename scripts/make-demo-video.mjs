#!/usr/bin/env node
// Makes the demo seed's short video lesson (apps/api/src/db/seed/data/lesson-video.ts, base64): three seconds
// of a canvas animation recorded by Chromium's MediaRecorder (VP8 WebM, a few KB) — no ffmpeg needed.
// Run once, commit the file: `node scripts/make-demo-video.mjs` (Chromium at /usr/bin/chromium).
/* global document, MediaRecorder, requestAnimationFrame -- run inside the page by page.evaluate */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright';

const out = new URL('../apps/api/src/db/seed/data/lesson-video.ts', import.meta.url);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const base64 = await page.evaluate(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 90;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  const stream = canvas.captureStream(10);
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 40_000,
  });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const started = performance.now();
  await new Promise((resolve) => {
    const draw = () => {
      const t = (performance.now() - started) / 1000;
      ctx.fillStyle = '#1f3a5f';
      ctx.fillRect(0, 0, 160, 90);
      ctx.fillStyle = '#ffffff';
      ctx.font = '14px sans-serif';
      ctx.fillText('CSC 101', 8, 20);
      ctx.fillText(`Lesson 1 · ${Math.min(3, t).toFixed(1)} s`, 8, 44);
      ctx.fillStyle = '#f5b700';
      ctx.fillRect(8, 60, Math.min(1, t / 3) * 144, 10);
      if (t < 3) requestAnimationFrame(draw);
      else resolve();
    };
    draw();
  });
  recorder.stop();
  await stopped;
  const buffer = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
});
await browser.close();
const bytes = Buffer.from(base64, 'base64');
const lines = base64.match(/.{1,96}/g).map((l) => `  '${l}'`);
writeFileSync(
  out,
  `/**\n * The demo's three-second video lesson (VP8 WebM, ${bytes.length} bytes), made by scripts/make-demo-video.mjs\n` +
    ` * (Chromium's MediaRecorder over a canvas animation; no ffmpeg). Kept as base64 so the build carries it.\n */\n` +
    `export const LESSON_WEBM_BASE64 =\n${lines.join(' +\n')};\n`,
);
console.log(`${out.pathname}: ${bytes.length} bytes`);
