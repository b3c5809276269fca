// Test fixtures for the stand-in: a tiny bundle with top-level functions, and a loopback HTTP server in a
// child process (the stand-in's synchronous fetch blocks this thread, so an in-process server could not answer).
import { spawn, type ChildProcess } from 'node:child_process';
import { AppsScriptStandin, type StandinOptions } from '../../../dev/standin';

export const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

/** exec(body) runs a function body inside the script's realm: handy for probing any service. */
export const FIXTURE_BUNDLE = `
var loadedAt = Date.now();
function exec(body) { return new Function(body)(); }
function echo(x) { return x; }
function fail() { throw new Error('boom from the script'); }
function private_() { return 'hidden'; }
function onOpen(e) {
  SpreadsheetApp.getUi().createAddonMenu().addItem('Open sidebar', 'showSidebar').addSeparator().addItem('Refresh', 'refresh').addToUi();
}
function showSidebar() {
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Videos'));
}
function refresh() { PropertiesService.getDocumentProperties().setProperty('refreshed', String(Date.now())); }
function onTimer(e) {
  var p = PropertiesService.getUserProperties();
  p.setProperty('runs', String(Number(p.getProperty('runs') || 0) + 1));
  p.setProperty('lastEvent', JSON.stringify(e));
}
function failingTimer() { throw new Error('timer broke'); }
function slowTimer() { Utilities.sleep(4 * 60000); }
function busyTimer() { var s = 0; for (var i = 0; i < 3e7; i++) s += i % 7; return s; }
function slowFailingTimer() { Utilities.sleep(60000); throw new Error('late break'); }
function probeTimer(e) {
  var props = PropertiesService.getScriptProperties();
  var active = SpreadsheetApp.getActiveSpreadsheet();
  var doc = active || SpreadsheetApp.openById(props.getProperty('spreadsheetId'));
  props.setProperty('probe', JSON.stringify({
    active: active === null ? null : active.getId(), opened: doc.getName(), triggerUid: e.triggerUid,
    uids: ScriptApp.getUserTriggers(doc).map(function (t) { return t.getUniqueId(); }),
  }));
}
`;

export function standin(o: StandinOptions = {}): AppsScriptStandin {
  return new AppsScriptStandin({ bundleSource: FIXTURE_BUNDLE, startTime: T0, sidebarHtml: '<p>sidebar</p>', ...o });
}

/** Runs a function body in the script and returns its (JSON) result. */
export function run<T = unknown>(s: AppsScriptStandin, body: string): T {
  return s.call<T>('exec', body);
}

const SERVER = `
const http = require('node:http');
let now = Number(process.argv[1]);
const advances = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const u = new URL(req.url, 'http://x');
    const reply = (status, obj, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'x-sim-now': String(now), 'x-custom': 'yes' });
      res.end(typeof obj === 'string' ? obj : JSON.stringify(obj));
    };
    if (u.pathname === '/__sim/control') {
      const msg = JSON.parse(body || '{}');
      if (msg.action === 'advance') { now += msg.ms; advances.push(msg.ms); return reply(200, { ok: true, now }); }
      if (msg.action === 'state') return reply(200, { now, advances });
      return reply(400, { error: 'unknown action' });
    }
    if (u.pathname === '/latency') { now += Number(u.searchParams.get('ms')); return reply(200, { now }); }
    if (u.pathname === '/echo') return reply(200, { method: req.method, headers: req.headers, body, query: u.search });
    const m = /^\\/status\\/(\\d+)$/.exec(u.pathname);
    if (m) return reply(Number(m[1]), 'server says ' + 'x'.repeat(300), 'text/plain');
    if (u.pathname === '/drop') return req.socket.destroy();
    reply(404, { error: 'not found' });
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

export interface ChildServer {
  origin: string;
  close(): Promise<void>;
}

/** Starts the loopback server in a child process; its clock (x-sim-now) starts at simNow. */
export function startChildServer(simNow = T0): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['-e', SERVER, String(simNow)], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('error', reject);
    child.stdout!.once('data', (d: Buffer) => {
      resolve({
        origin: `http://127.0.0.1:${String(d).trim()}`,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}
