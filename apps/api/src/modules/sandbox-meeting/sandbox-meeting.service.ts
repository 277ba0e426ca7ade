import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { signRecordingReady } from '../../platform/meetings/index.js';

export interface SandboxAttendee {
  userId: string;
  fullName: string;
  role: 'MODERATOR' | 'VIEWER';
  joinedAt: number;
  /** The room page's address for this attendee (BigBlueButton's session token). */
  token: string;
}

export interface SandboxMeeting {
  meetingId: string;
  name: string;
  record: boolean;
  durationMinutes: number;
  createTime: number;
  startTime: number | null;
  logoutUrl: string;
  endCallbackUrl: string | null;
  recordingReadyUrl: string | null;
  attendees: Map<string, SandboxAttendee>;
}

export interface SandboxRecording {
  recordId: string;
  meetingId: string;
  name: string;
  startTime: number;
  endTime: number;
}

/**
 * The built-in meeting engine's state: meetings while they run, recordings once processed. Kept in
 * memory (a restart ends every sandbox meeting, as a restarted server would); the portal recreates a
 * class's meeting when someone joins a class it knows is running.
 */
export class SandboxMeetingEngine {
  readonly meetings = new Map<string, SandboxMeeting>();
  readonly recordings = new Map<string, SandboxRecording[]>();
  private readonly rooms = new Map<string, { meetingId: string; userId: string }>();

  constructor(
    readonly secret: string,
    private readonly log: FastifyBaseLogger,
    /** Milliseconds between the end and the recording-ready callback (processing time). */
    private readonly processingMs = 300,
  ) {}

  /** A meeting past its duration ends by itself, as the real engine's would. */
  meeting(meetingId: string): SandboxMeeting | undefined {
    const m = this.meetings.get(meetingId);
    if (m && m.durationMinutes > 0 && Date.now() > m.createTime + m.durationMinutes * 60_000) {
      this.end(meetingId);
      return undefined;
    }
    return m;
  }

  create(input: Omit<SandboxMeeting, 'createTime' | 'startTime' | 'attendees'>): SandboxMeeting {
    const existing = this.meeting(input.meetingId);
    if (existing) return existing;
    const m: SandboxMeeting = { ...input, createTime: Date.now(), startTime: null, attendees: new Map() };
    this.meetings.set(m.meetingId, m);
    return m;
  }

  join(meetingId: string, attendee: Omit<SandboxAttendee, 'joinedAt' | 'token'>): SandboxAttendee | null {
    const m = this.meeting(meetingId);
    if (!m) return null;
    const previous = m.attendees.get(attendee.userId);
    if (previous) this.rooms.delete(previous.token);
    const joined: SandboxAttendee = {
      ...attendee,
      joinedAt: Date.now(),
      token: randomBytes(16).toString('base64url'),
    };
    m.attendees.set(attendee.userId, joined);
    m.startTime ??= joined.joinedAt;
    this.rooms.set(joined.token, { meetingId, userId: attendee.userId });
    return joined;
  }

  room(token: string): { meeting: SandboxMeeting; attendee: SandboxAttendee } | null {
    const seat = this.rooms.get(token);
    if (!seat) return null;
    const meeting = this.meeting(seat.meetingId);
    const attendee = meeting?.attendees.get(seat.userId);
    if (!meeting || !attendee || attendee.token !== token) return null;
    return { meeting, attendee };
  }

  leave(token: string): SandboxMeeting | null {
    const found = this.room(token);
    if (!found) return null;
    found.meeting.attendees.delete(found.attendee.userId);
    this.rooms.delete(token);
    return found.meeting;
  }

  /** Ends the meeting: everyone out, then the callbacks a real server makes (ended; recording ready). */
  end(meetingId: string): boolean {
    const m = this.meetings.get(meetingId);
    if (!m) return false;
    this.meetings.delete(meetingId);
    for (const a of m.attendees.values()) this.rooms.delete(a.token);
    const endTime = Date.now();
    if (m.endCallbackUrl) {
      const url = new URL(m.endCallbackUrl);
      url.searchParams.set('meetingID', meetingId);
      url.searchParams.set('recordingmarks', 'false');
      void this.callBack(url.toString(), { method: 'GET' });
    }
    if (m.record && m.startTime !== null) {
      const recording: SandboxRecording = {
        recordId: `${createHash('sha256').update(meetingId).digest('hex').slice(0, 40)}-${m.startTime}`,
        meetingId,
        name: m.name,
        startTime: m.startTime,
        endTime,
      };
      setTimeout(() => {
        this.recordings.set(meetingId, [...(this.recordings.get(meetingId) ?? []), recording]);
        if (m.recordingReadyUrl)
          void this.callBack(m.recordingReadyUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              signed_parameters: signRecordingReady(meetingId, recording.recordId, this.secret),
            }).toString(),
          });
      }, this.processingMs).unref();
    }
    return true;
  }

  recording(recordId: string): SandboxRecording | undefined {
    for (const list of this.recordings.values()) {
      const found = list.find((r) => r.recordId === recordId);
      if (found) return found;
    }
    return undefined;
  }

  private async callBack(url: string, init: RequestInit): Promise<void> {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
      await response.text();
      if (!response.ok) this.log.warn({ status: response.status }, 'sandbox meeting callback refused');
    } catch (error) {
      this.log.warn({ err: error }, 'sandbox meeting callback failed');
    }
  }
}
