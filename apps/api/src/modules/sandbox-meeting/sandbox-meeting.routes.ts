import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checksumValid, meetingPasswords, SANDBOX_MEETING_PREFIX } from '../../platform/meetings/index.js';
import { escapeHtml, messagePage, playbackPage, roomPage, silentWav } from './sandbox-meeting.page.js';
import type { SandboxMeeting, SandboxMeetingEngine, SandboxRecording } from './sandbox-meeting.service.js';

const P = SANDBOX_MEETING_PREFIX;
const CALLS = new Set(['create', 'join', 'end', 'isMeetingRunning', 'getMeetingInfo', 'getRecordings']);

/** An XML element per field; values escaped. Nested values are pre-rendered XML. */
function xml(fields: Record<string, string | number | boolean | { raw: string }>): string {
  const body = Object.entries(fields)
    .map(([k, v]) => `<${k}>${typeof v === 'object' ? v.raw : escapeHtml(v)}</${k}>`)
    .join('');
  return `<response>${body}</response>`;
}

const failed = (messageKey: string, message: string) => xml({ returncode: 'FAILED', messageKey, message });

function meetingXml(m: SandboxMeeting, secret: string): string {
  const pw = meetingPasswords(m.meetingId, secret);
  const attendees = [...m.attendees.values()]
    .map(
      (a) =>
        `<attendee><userID>${escapeHtml(a.userId)}</userID><fullName>${escapeHtml(a.fullName)}</fullName><role>${a.role}</role><isPresenter>${a.role === 'MODERATOR'}</isPresenter><isListeningOnly>false</isListeningOnly><hasJoinedVoice>false</hasJoinedVoice><hasVideo>false</hasVideo><clientType>HTML5</clientType></attendee>`,
    )
    .join('');
  return xml({
    returncode: 'SUCCESS',
    meetingName: m.name,
    meetingID: m.meetingId,
    internalMeetingID: m.meetingId,
    createTime: m.createTime,
    attendeePW: pw.attendee,
    moderatorPW: pw.moderator,
    running: m.startTime !== null,
    duration: m.durationMinutes,
    recording: m.record,
    startTime: m.startTime ?? 0,
    endTime: 0,
    participantCount: m.attendees.size,
    moderatorCount: [...m.attendees.values()].filter((a) => a.role === 'MODERATOR').length,
    attendees: { raw: attendees },
  });
}

/**
 * BigBlueButton's API as the portal calls it (create, join, end, isMeetingRunning, getMeetingInfo,
 * getRecordings), each checksum checked the way the server does, plus the room page, its Leave and
 * End buttons, and recordings' playback. Public routes: the checksum or the room token is the key.
 */
export async function sandboxMeetingRoutes(
  app: FastifyInstance,
  engine: SandboxMeetingEngine,
  publicUrl: string,
): Promise<void> {
  const base = `${publicUrl}${P}`;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const options = { config: { access: 'public' as const }, schema: { hide: true } };
    const sendXml = (reply: FastifyReply, body: string) => reply.type('text/xml; charset=utf-8').send(body);

    scope.get(`${P}/api`, options, (_request, reply) =>
      sendXml(reply, xml({ returncode: 'SUCCESS', version: '2.0', apiVersion: '2.0' })),
    );

    scope.get(`${P}/api/:call`, options, (request: FastifyRequest, reply) => {
      const { call } = request.params as { call: string };
      const raw = request.raw.url ?? '';
      const rawQuery = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '';
      if (!CALLS.has(call))
        return sendXml(reply.status(404), failed('unsupportedRequest', 'This request is not supported.'));
      if (!checksumValid(call, rawQuery, engine.secret))
        return sendXml(reply, failed('checksumError', 'Checksums do not match'));
      const q = new URLSearchParams(rawQuery);
      const meetingId = q.get('meetingID') ?? '';
      if (call !== 'getRecordings' && !meetingId)
        return sendXml(reply, failed('missingParamMeetingID', 'You must specify a meeting ID.'));
      switch (call) {
        case 'create': {
          const existed = Boolean(engine.meeting(meetingId));
          const m = engine.create({
            meetingId,
            name: q.get('name') || meetingId,
            record: q.get('record') === 'true',
            durationMinutes: Math.max(0, Number(q.get('duration')) || 0),
            logoutUrl: q.get('logoutURL') || publicUrl,
            endCallbackUrl: q.get('meta_endCallbackUrl'),
            recordingReadyUrl: q.get('meta_bbb-recording-ready-url'),
          });
          const pw = meetingPasswords(m.meetingId, engine.secret);
          return sendXml(
            reply,
            xml({
              returncode: 'SUCCESS',
              meetingID: m.meetingId,
              internalMeetingID: m.meetingId,
              attendeePW: pw.attendee,
              moderatorPW: pw.moderator,
              createTime: m.createTime,
              hasUserJoined: m.attendees.size > 0,
              duration: m.durationMinutes,
              hasBeenForciblyEnded: false,
              messageKey: existed ? 'duplicateWarning' : '',
              message: existed
                ? 'This conference was already in existence and may currently be in progress.'
                : '',
            }),
          );
        }
        case 'join': {
          const m = engine.meeting(meetingId);
          if (!m)
            return sendXml(
              reply,
              failed(
                'invalidMeetingIdentifier',
                'The meeting ID that you supplied did not match any existing meetings',
              ),
            );
          const pw = meetingPasswords(meetingId, engine.secret);
          const role = q.get('role')?.toUpperCase();
          const password = q.get('password');
          const resolved =
            role === 'MODERATOR' || role === 'VIEWER'
              ? role
              : password === pw.moderator
                ? 'MODERATOR'
                : password === pw.attendee
                  ? 'VIEWER'
                  : null;
          if (!resolved)
            return sendXml(
              reply,
              failed(
                'invalidPassword',
                'You either did not supply a password or the password supplied is neither the attendee or moderator password for this conference.',
              ),
            );
          const fullName = q.get('fullName');
          if (!fullName)
            return sendXml(
              reply,
              failed(
                'missingParamFullName',
                'You must specify a name for the attendee who will be joining the meeting.',
              ),
            );
          const seat = engine.join(meetingId, {
            userId: q.get('userID') || `guest-${Date.now()}`,
            fullName,
            role: resolved,
          })!;
          const room = `${base}/room/${seat.token}`;
          if (q.get('redirect') === 'false')
            return sendXml(
              reply,
              xml({
                returncode: 'SUCCESS',
                messageKey: 'successfullyJoined',
                message: 'You have joined successfully.',
                meeting_id: meetingId,
                user_id: seat.userId,
                auth_token: seat.token,
                session_token: seat.token,
                url: room,
              }),
            );
          return reply.redirect(room, 302);
        }
        case 'end':
          return sendXml(
            reply,
            engine.end(meetingId)
              ? xml({
                  returncode: 'SUCCESS',
                  messageKey: 'sentEndMeetingRequest',
                  message: 'A request to end the meeting was sent.',
                })
              : failed(
                  'notFound',
                  'We could not find a meeting with that meeting ID - perhaps the meeting is not yet running?',
                ),
          );
        case 'isMeetingRunning': {
          const m = engine.meeting(meetingId);
          return sendXml(reply, xml({ returncode: 'SUCCESS', running: Boolean(m && m.startTime !== null) }));
        }
        case 'getMeetingInfo': {
          const m = engine.meeting(meetingId);
          return sendXml(
            reply,
            m ? meetingXml(m, engine.secret) : failed('notFound', 'A meeting with that ID does not exist'),
          );
        }
        case 'getRecordings': {
          const ids = meetingId ? meetingId.split(',') : [...engine.recordings.keys()];
          const list = ids.flatMap((id) => engine.recordings.get(id) ?? []);
          const recordings = list
            .map(
              (r) =>
                `<recording><recordID>${escapeHtml(r.recordId)}</recordID><meetingID>${escapeHtml(r.meetingId)}</meetingID><internalMeetingID>${escapeHtml(r.recordId)}</internalMeetingID><name>${escapeHtml(r.name)}</name><isBreakout>false</isBreakout><published>true</published><state>published</state><startTime>${r.startTime}</startTime><endTime>${r.endTime}</endTime><participants>0</participants><metadata></metadata><playback><format><type>presentation</type><url>${escapeHtml(`${base}/playback/${encodeURIComponent(r.recordId)}`)}</url><length>${Math.max(1, Math.round((r.endTime - r.startTime) / 60_000))}</length></format><format><type>podcast</type><url>${escapeHtml(`${base}/playback/${encodeURIComponent(r.recordId)}/audio.wav`)}</url><length>${Math.max(1, Math.round((r.endTime - r.startTime) / 60_000))}</length></format></playback></recording>`,
            )
            .join('');
          return sendXml(
            reply,
            list.length
              ? xml({ returncode: 'SUCCESS', recordings: { raw: recordings }, messageKey: '', message: '' })
              : xml({
                  returncode: 'SUCCESS',
                  recordings: { raw: '' },
                  messageKey: 'noRecordings',
                  message: 'There are no recordings for the meeting(s).',
                }),
          );
        }
        default:
          return sendXml(reply, failed('unsupportedRequest', 'This request is not supported.'));
      }
    });

    /**
     * A recording it made, or — the sandbox keeps no media, and forgets its recordings on restart —
     * a stand-in for the demo data's recordings (ids starting `demo-`).
     */
    const playable = (recordId: string): SandboxRecording | null =>
      engine.recording(recordId) ??
      (/^demo-[\w.-]{1,80}$/.test(recordId)
        ? { recordId, meetingId: '', name: 'Recorded class', startTime: 0, endTime: 0 }
        : null);

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(body);

    scope.get(`${P}/room/:token`, options, (request, reply) => {
      const found = engine.room((request.params as { token: string }).token);
      if (!found)
        return html(
          reply,
          404,
          messagePage(
            'Not in this class',
            'This class has ended, or you left it. Join again from the portal.',
            `${publicUrl}/portal/`,
          ),
        );
      return html(reply, 200, roomPage(found.meeting, found.attendee, base));
    });

    scope.post(`${P}/room/:token/leave`, options, (request, reply) => {
      const meeting = engine.leave((request.params as { token: string }).token);
      if (!meeting)
        return html(
          reply,
          404,
          messagePage('Not in this class', 'You already left this class.', `${publicUrl}/portal/`),
        );
      return reply.redirect(meeting.logoutUrl, 303);
    });

    scope.post(`${P}/room/:token/end`, options, (request, reply) => {
      const found = engine.room((request.params as { token: string }).token);
      if (!found || found.attendee.role !== 'MODERATOR')
        return html(reply, 403, messagePage('Not allowed', 'Only the moderator can end the class.'));
      engine.end(found.meeting.meetingId);
      return reply.redirect(found.meeting.logoutUrl, 303);
    });

    scope.get(`${P}/playback/:recordId`, options, (request, reply) => {
      const recording = playable((request.params as { recordId: string }).recordId);
      if (!recording)
        return html(reply, 404, messagePage('Recording not found', 'There is no such recording.'));
      return html(reply, 200, playbackPage(recording, base));
    });

    scope.get(`${P}/playback/:recordId/audio.wav`, options, (request, reply) => {
      const recording = playable((request.params as { recordId: string }).recordId);
      if (!recording) return reply.status(404).send();
      return reply
        .type('audio/wav')
        .header('content-disposition', `attachment; filename="${recording.recordId.slice(0, 40)}.wav"`)
        .send(silentWav());
    });
  });
}
