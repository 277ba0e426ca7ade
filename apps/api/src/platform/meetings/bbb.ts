import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../payments/http.js';
import {
  MeetingEngineError,
  type Attendee,
  type CreateMeetingInput,
  type JoinInput,
  type MeetingEngine,
  type MeetingInfo,
  type Recording,
} from './types.js';
import { child, children, childText, parseXml, XmlError, type XmlElement } from './xml.js';

/** BigBlueButton's checksum: hex SHA-256 of the call name, the exact query string and the shared secret. */
export function bbbChecksum(call: string, query: string, secret: string): string {
  return createHash('sha256').update(`${call}${query}${secret}`).digest('hex');
}

/** A signed query string for a call: the parameters, then `checksum`. */
export function signedQuery(call: string, params: Record<string, string>, secret: string): string {
  const query = new URLSearchParams(params).toString();
  const checksum = bbbChecksum(call, query, secret);
  return query ? `${query}&checksum=${checksum}` : `checksum=${checksum}`;
}

/**
 * Whether a raw query string (as received, with its `checksum` last or anywhere) is signed with the
 * secret for that call. The checksum covers the query exactly as sent, minus the checksum parameter.
 */
export function checksumValid(call: string, rawQuery: string, secret: string): boolean {
  const parts = rawQuery.split('&');
  const index = parts.findIndex((p) => p.startsWith('checksum='));
  if (index < 0) return false;
  const given = parts[index]!.slice('checksum='.length).toLowerCase();
  const rest = parts.filter((_, i) => i !== index).join('&');
  return safeEqual(given, bbbChecksum(call, rest, secret));
}

/** The meeting's passwords, derived so old servers (which join by password) and new ones (by role) both work. */
export function meetingPasswords(meetingId: string, secret: string) {
  const derive = (role: string) =>
    createHmac('sha256', secret).update(`${role}:${meetingId}`).digest('base64url').slice(0, 16);
  return { attendee: derive('attendee'), moderator: derive('moderator') };
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The recording-ready callback's `signed_parameters`: a JWT (HS256) over meeting_id and record_id. */
export function signRecordingReady(meetingId: string, recordId: string, secret: string): string {
  const head = b64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }));
  const body = b64url(JSON.stringify({ meeting_id: meetingId, record_id: recordId }));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export function verifyRecordingReadyJwt(
  token: string,
  secret: string,
): { meetingId: string; recordId: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'HS256') return null;
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
    if (!safeEqual(sig, expected)) return null;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const meetingId = payload.meeting_id;
    const recordId = payload.record_id;
    if (typeof meetingId !== 'string' || typeof recordId !== 'string') return null;
    return { meetingId, recordId };
  } catch {
    return null;
  }
}

/** The API's base: `{BBB_URL}/api`, whether BBB_URL names the server, `/bigbluebutton` or `/bigbluebutton/api`. */
export function apiBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/api') ? trimmed : `${trimmed}/api`;
}

const millis = (text: string): Date | null => {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? new Date(n) : null;
};

/** Reads a `<response>`: the element when SUCCESS, or a MeetingEngineError naming the engine's reason. */
export function readResponse(call: string, status: number, body: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(body);
  } catch (error) {
    if (error instanceof XmlError)
      throw new MeetingEngineError(
        `${call}: the engine answered ${status} with unreadable XML (${error.message})`,
        'unreachable',
      );
    throw error;
  }
  if (root.name !== 'response')
    throw new MeetingEngineError(
      `${call}: the engine answered <${root.name}>, not <response>`,
      'unreachable',
    );
  const code = childText(root, 'returncode');
  if (code === 'SUCCESS') return root;
  const key = childText(root, 'messageKey') || null;
  const message = childText(root, 'message') || 'no reason given';
  throw new MeetingEngineError(`${call}: ${key ?? 'FAILED'}: ${message}`, 'refused', key);
}

export function readMeetingInfo(root: XmlElement): MeetingInfo {
  const attendees: Attendee[] = children(child(root, 'attendees'), 'attendee').map((a) => ({
    userId: childText(a, 'userID'),
    fullName: childText(a, 'fullName'),
    role: childText(a, 'role') === 'MODERATOR' ? 'MODERATOR' : 'VIEWER',
    listenOnly: childText(a, 'isListeningOnly') === 'true',
  }));
  return {
    running: childText(root, 'running') === 'true',
    startTime: millis(childText(root, 'startTime')),
    endTime: millis(childText(root, 'endTime')),
    attendees,
  };
}

export function readRecordings(root: XmlElement): Recording[] {
  return children(child(root, 'recordings'), 'recording').map((r) => ({
    recordId: childText(r, 'recordID'),
    meetingId: childText(r, 'meetingID'),
    published: childText(r, 'published') === 'true',
    state: childText(r, 'state'),
    startTime: millis(childText(r, 'startTime')),
    endTime: millis(childText(r, 'endTime')),
    formats: children(child(r, 'playback'), 'format').map((f) => {
      const length = Number(childText(f, 'length'));
      return {
        type: childText(f, 'type'),
        url: childText(f, 'url'),
        length: Number.isFinite(length) && childText(f, 'length') !== '' ? length : null,
      };
    }),
  }));
}

/**
 * BigBlueButton's API over HTTP. The same class drives the built-in sandbox (its base URL and
 * secret are the sandbox's), so the sandbox tests the adapter and not a stand-in.
 */
export class BigBlueButtonEngine implements MeetingEngine {
  readonly kind: 'bigbluebutton' | 'sandbox';
  private readonly base: string;

  constructor(
    private readonly settings: {
      url: string;
      secret: string;
      timeoutMs: number;
      kind?: 'bigbluebutton' | 'sandbox';
    },
  ) {
    this.base = apiBase(settings.url);
    this.kind = settings.kind ?? 'bigbluebutton';
  }

  url(call: string, params: Record<string, string>): string {
    return `${this.base}/${call}?${signedQuery(call, params, this.settings.secret)}`;
  }

  private async call(call: string, params: Record<string, string>): Promise<XmlElement> {
    let response: Response;
    try {
      response = await fetch(this.url(call, params), {
        redirect: 'manual',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `timed out after ${this.settings.timeoutMs} ms`
          : String((error as Error).message);
      throw new MeetingEngineError(`${call}: ${reason}`, 'unreachable');
    }
    const text = await response.text();
    if (response.status >= 500 || (response.status >= 300 && response.status < 400))
      throw new MeetingEngineError(`${call}: the engine answered HTTP ${response.status}`, 'unreachable');
    return readResponse(call, response.status, text);
  }

  async create(input: CreateMeetingInput): Promise<void> {
    const pw = meetingPasswords(input.meetingId, this.settings.secret);
    await this.call('create', {
      name: input.name,
      meetingID: input.meetingId,
      attendeePW: pw.attendee,
      moderatorPW: pw.moderator,
      record: String(input.record),
      autoStartRecording: String(input.record),
      allowStartStopRecording: String(input.record),
      duration: String(Math.max(0, Math.trunc(input.durationMinutes))),
      ...(input.welcome ? { welcome: input.welcome } : {}),
      logoutURL: input.logoutUrl,
      meta_endCallbackUrl: input.endCallbackUrl,
      'meta_bbb-recording-ready-url': input.recordingReadyUrl,
    });
  }

  joinUrl(input: JoinInput): string {
    const pw = meetingPasswords(input.meetingId, this.settings.secret);
    return this.url('join', {
      fullName: input.fullName,
      meetingID: input.meetingId,
      role: input.role,
      password: input.role === 'MODERATOR' ? pw.moderator : pw.attendee,
      userID: input.userId,
      redirect: 'true',
    });
  }

  async end(meetingId: string): Promise<void> {
    try {
      await this.call('end', {
        meetingID: meetingId,
        password: meetingPasswords(meetingId, this.settings.secret).moderator,
      });
    } catch (error) {
      // Ending a meeting that already ended (or never ran) is what was wanted.
      if (error instanceof MeetingEngineError && error.messageKey === 'notFound') return;
      throw error;
    }
  }

  async isMeetingRunning(meetingId: string): Promise<boolean> {
    const root = await this.call('isMeetingRunning', { meetingID: meetingId });
    return childText(root, 'running') === 'true';
  }

  async getMeetingInfo(meetingId: string): Promise<MeetingInfo | null> {
    try {
      return readMeetingInfo(await this.call('getMeetingInfo', { meetingID: meetingId }));
    } catch (error) {
      if (error instanceof MeetingEngineError && error.messageKey === 'notFound') return null;
      throw error;
    }
  }

  async getRecordings(meetingId: string): Promise<Recording[]> {
    return readRecordings(await this.call('getRecordings', { meetingID: meetingId }));
  }

  verifyRecordingReady(signedParameters: string) {
    return verifyRecordingReadyJwt(signedParameters, this.settings.secret);
  }
}
