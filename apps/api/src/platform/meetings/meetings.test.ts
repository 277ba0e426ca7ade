import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BigBlueButtonEngine,
  bbbChecksum,
  checksumValid,
  MeetingEngineError,
  parseXml,
  readMeetingInfo,
  readRecordings,
  readResponse,
  signRecordingReady,
  signedQuery,
  verifyRecordingReadyJwt,
  XmlError,
} from './index.js';

const fixture = (name: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');

/** The adapter reading answers shaped as BigBlueButton's API reference documents them. */
describe('BigBlueButton answers', () => {
  it('reads create, including a duplicate warning, as success', () => {
    const root = readResponse('create', 200, fixture('create.xml'));
    expect(root.children.find((c) => c.name === 'moderatorPW')?.text).toBe('mp');
  });

  it('reads getMeetingInfo: running, start time, attendees with roles and listen-only', () => {
    const info = readMeetingInfo(readResponse('getMeetingInfo', 200, fixture('getMeetingInfo.xml')));
    expect(info.running).toBe(true);
    expect(info.startTime?.getTime()).toBe(1531241258074);
    expect(info.endTime).toBeNull();
    expect(info.attendees).toEqual([
      { userId: 'w_2wzzszfaptsp', fullName: 'stu', role: 'VIEWER', listenOnly: true },
      { userId: 'w_eo7lxnx3vwuj', fullName: 'mod & host', role: 'MODERATOR', listenOnly: false },
    ]);
  });

  it('reads getRecordings: CDATA names, formats with their URLs, none as an empty list', () => {
    const [recording, ...rest] = readRecordings(
      readResponse('getRecordings', 200, fixture('getRecordings.xml')),
    );
    expect(rest).toHaveLength(0);
    expect(recording).toMatchObject({
      recordId: 'ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124',
      published: true,
      state: 'published',
    });
    expect(recording!.formats.map((f) => f.type)).toEqual(['podcast', 'presentation']);
    expect(recording!.formats[1]!.url).toContain('playback.html?meetingId=');
    expect(readRecordings(readResponse('getRecordings', 200, fixture('getRecordings-none.xml')))).toEqual([]);
  });

  it('maps FAILED to a refusal carrying the messageKey', () => {
    const error = (() => {
      try {
        readResponse('join', 200, fixture('checksumError.xml'));
      } catch (e) {
        return e as MeetingEngineError;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(MeetingEngineError);
    expect(error!.kind).toBe('refused');
    expect(error!.messageKey).toBe('checksumError');
  });

  it('malformed or foreign answers are an unreachable engine, never a crash', () => {
    for (const body of [
      '<response><returncode>SUCCESS</returncode>',
      '<response><a></b></response>',
      '<html><body>502 Bad Gateway</body></html>',
      'not xml at all',
      '',
      '<!DOCTYPE x [<!ENTITY a "aaaa">]><response/>',
      '<response attr=unquoted></response>',
    ]) {
      expect(() => readResponse('getMeetingInfo', 200, body), body).toThrow(MeetingEngineError);
    }
    expect(() => parseXml('<a><b></a>')).toThrow(XmlError);
    expect(() => parseXml('<a>' + '<b>'.repeat(100) + '</b>'.repeat(100) + '</a>')).toThrow(XmlError);
  });
});

describe('BigBlueButton checksums and signed callbacks', () => {
  it('signs call name + query + secret with SHA-256, and checks a received query the same way', () => {
    const query = signedQuery('isMeetingRunning', { meetingID: 'abc def' }, 's3cret');
    expect(query).toBe(
      `meetingID=abc+def&checksum=${bbbChecksum('isMeetingRunning', 'meetingID=abc+def', 's3cret')}`,
    );
    expect(bbbChecksum('create', 'name=Test', 'x')).toMatch(/^[0-9a-f]{64}$/);
    expect(checksumValid('isMeetingRunning', query, 's3cret')).toBe(true);
    expect(checksumValid('getMeetingInfo', query, 's3cret')).toBe(false);
    expect(checksumValid('isMeetingRunning', query, 'other')).toBe(false);
    expect(checksumValid('isMeetingRunning', query.replace('abc', 'abd'), 's3cret')).toBe(false);
    expect(checksumValid('isMeetingRunning', 'meetingID=abc', 's3cret')).toBe(false);
  });

  it('verifies the recording-ready JWT with the shared secret only', () => {
    const token = signRecordingReady('m-1', 'r-1', 'secret');
    expect(verifyRecordingReadyJwt(token, 'secret')).toEqual({ meetingId: 'm-1', recordId: 'r-1' });
    expect(verifyRecordingReadyJwt(token, 'wrong')).toBeNull();
    expect(verifyRecordingReadyJwt(token.slice(0, -2), 'secret')).toBeNull();
    expect(verifyRecordingReadyJwt('a.b', 'secret')).toBeNull();
    const [head, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ meeting_id: 'm-2', record_id: 'r-1' })).toString('base64url');
    expect(verifyRecordingReadyJwt(`${head}.${forged}.${sig}`, 'secret')).toBeNull();
  });
});

describe('an engine that is down or answers garbage', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.includes('/api/getMeetingInfo')) {
        res.writeHead(200, { 'content-type': 'text/xml' }).end('<response><returncode>SUC');
      } else res.writeHead(502).end('Bad gateway');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/bigbluebutton/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('maps a 5xx, truncated XML and a closed port to unreachable', async () => {
    const engine = new BigBlueButtonEngine({ url, secret: 's', timeoutMs: 2000 });
    await expect(engine.isMeetingRunning('m')).rejects.toMatchObject({ kind: 'unreachable' });
    await expect(engine.getMeetingInfo('m')).rejects.toMatchObject({ kind: 'unreachable' });
    const closed = new BigBlueButtonEngine({
      url: 'http://127.0.0.1:9/bigbluebutton',
      secret: 's',
      timeoutMs: 2000,
    });
    await expect(closed.end('m')).rejects.toMatchObject({ kind: 'unreachable' });
    expect(engine.joinUrl({ meetingId: 'm', fullName: 'A', userId: 'Student:1', role: 'VIEWER' })).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/bigbluebutton\/api\/join\?fullName=A&meetingID=m&role=VIEWER&password=[^&]+&userID=Student%3A1&redirect=true&checksum=[0-9a-f]{64}$/,
    );
  });
});
