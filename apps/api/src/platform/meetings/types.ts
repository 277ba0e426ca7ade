/**
 * One interface for the live-class meeting engine (BigBlueButton's API, see
 * shared/reference/classroom.md and docs/adr/0014-meeting-engine-adapter.md). The real server and
 * the portal's built-in sandbox answer the same calls; the liveclasses module only sees this.
 */

export interface CreateMeetingInput {
  meetingId: string;
  name: string;
  record: boolean;
  /** Minutes after which the engine ends the meeting by itself (0: no limit). */
  durationMinutes: number;
  welcome?: string;
  /** Where the browser goes when a user leaves. */
  logoutUrl: string;
  /** Called (GET) when the meeting ends: the portal's signed URL. */
  endCallbackUrl: string;
  /** Called (POST, `signed_parameters`) when a recording is processed. */
  recordingReadyUrl: string;
}

export interface JoinInput {
  meetingId: string;
  fullName: string;
  /** Our user's id (`Student:42`, `Admin:7`), returned by getMeetingInfo. */
  userId: string;
  role: 'MODERATOR' | 'VIEWER';
}

export interface Attendee {
  userId: string;
  fullName: string;
  role: 'MODERATOR' | 'VIEWER';
  listenOnly: boolean;
}

export interface MeetingInfo {
  running: boolean;
  startTime: Date | null;
  endTime: Date | null;
  attendees: Attendee[];
}

export interface RecordingFormat {
  type: string;
  url: string;
  /** Minutes. */
  length: number | null;
}

export interface Recording {
  recordId: string;
  meetingId: string;
  published: boolean;
  state: string;
  startTime: Date | null;
  endTime: Date | null;
  formats: RecordingFormat[];
}

export interface MeetingEngine {
  /** 'bigbluebutton' or 'sandbox'. */
  readonly kind: 'bigbluebutton' | 'sandbox';
  /** Idempotent for the same meetingId while the meeting runs. */
  create(input: CreateMeetingInput): Promise<void>;
  /** The URL the user's browser follows into the room (signed; the engine checks it). */
  joinUrl(input: JoinInput): string;
  end(meetingId: string): Promise<void>;
  isMeetingRunning(meetingId: string): Promise<boolean>;
  /** Null when the engine does not know the meeting (never created, or ended). */
  getMeetingInfo(meetingId: string): Promise<MeetingInfo | null>;
  getRecordings(meetingId: string): Promise<Recording[]>;
  /**
   * The meeting and recording ids a recording-ready callback's `signed_parameters` carry, or null
   * when the signature is not the shared secret's.
   */
  verifyRecordingReady(signedParameters: string): { meetingId: string; recordId: string } | null;
}

/** What went wrong, in words the portal maps to a message: the engine unreachable, or it refused. */
export class MeetingEngineError extends Error {
  constructor(
    message: string,
    /** 'unreachable' (network, timeout, 5xx, unreadable answer) or 'refused' (FAILED with a messageKey). */
    readonly kind: 'unreachable' | 'refused',
    readonly messageKey: string | null = null,
  ) {
    super(message);
  }
}
