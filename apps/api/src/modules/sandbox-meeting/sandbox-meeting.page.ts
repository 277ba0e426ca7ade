import type { SandboxAttendee, SandboxMeeting, SandboxRecording } from './sandbox-meeting.service.js';

/** The portal's icon: without one the browser asks for /favicon.ico, which is not served. */
const ICON = '<link rel="icon" href="/portal/favicon.svg" type="image/svg+xml">';

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `<style>
body{font-family:system-ui,sans-serif;margin:0;background:#1b2430;color:#f3f5f7}
main{max-width:640px;margin:0 auto;padding:16px}
h1{font-size:1.3rem;margin:0 0 4px}
.note{color:#b9c3cf;font-size:.9rem}
ul{list-style:none;padding:0}
li{padding:8px 10px;margin:4px 0;background:#26323f;border-radius:6px}
.role{float:right;font-size:.8rem;color:#9fd0ff}
form{display:inline-block;margin:8px 8px 0 0}
button{font-size:1rem;padding:10px 18px;border-radius:6px;border:0;cursor:pointer}
.leave{background:#e0e4e8}.end{background:#d9534f;color:#fff}
a{color:#9fd0ff}
</style>`;

function page(title: string, body: string, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${refresh}${ICON}<title>${escapeHtml(title)}</title>${STYLE}</head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox's room: no audio or video, only who is in it, a "Leave" button and, for the moderator,
 * "End class". It refreshes itself every few seconds; no script, so the portal's CSP allows it.
 */
export function roomPage(meeting: SandboxMeeting, me: SandboxAttendee, base: string): string {
  const people = [...meeting.attendees.values()]
    .sort((a, b) => a.joinedAt - b.joinedAt)
    .map(
      (a) =>
        `<li data-testid="participant">${escapeHtml(a.fullName)}${a.userId === me.userId ? ' (you)' : ''}<span class="role">${a.role === 'MODERATOR' ? 'Moderator' : 'Viewer'}</span></li>`,
    )
    .join('');
  const end =
    me.role === 'MODERATOR'
      ? `<form method="post" action="${base}/room/${me.token}/end"><button class="end" type="submit">End class</button></form>`
      : '';
  return page(
    meeting.name,
    `<h1>${escapeHtml(meeting.name)}</h1>
<p class="note">Sandbox meeting engine: a stand-in for BigBlueButton with no audio or video. ${meeting.record ? 'This class is recorded.' : ''}</p>
<h2>Participants (${meeting.attendees.size})</h2><ul>${people}</ul>
<form method="post" action="${base}/room/${me.token}/leave"><button class="leave" type="submit">Leave</button></form>${end}`,
    5,
  );
}

export function messagePage(title: string, message: string, link?: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<p><a href="${escapeHtml(link)}">Back to the portal</a></p>` : ''}`,
  );
}

export function playbackPage(recording: SandboxRecording, base: string): string {
  const minutes = Math.max(1, Math.round((recording.endTime - recording.startTime) / 60_000));
  return page(
    `Recording: ${recording.name}`,
    `<h1>Recording: ${escapeHtml(recording.name)}</h1>
<p class="note">Sandbox recording, ${minutes} min. The sandbox keeps no audio or video; the file below is silence.</p>
<p><a href="${base}/playback/${encodeURIComponent(recording.recordId)}/audio.wav" download>Download the audio</a></p>`,
  );
}

/** A short silent WAV (8 kHz, 8-bit mono): the sandbox's downloadable "podcast" recording. */
export function silentWav(seconds = 2): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}
