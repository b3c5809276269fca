// The reply faults (dropReplies, html502Replies, garbledReplies): the request is applied in full, then the
// client gets no reply, a gateway's HTML error page, or a 200 it cannot read. Each counts down on matching requests.
import type { Simulator } from './simulator';
import type { ReplyFault, SimFaults } from './types';

type Counter = 'dropReplies' | 'html502Replies' | 'garbledReplies';

/** Checked in this order when several are set. */
const COUNTERS: readonly [Counter, ReplyFault][] = [['dropReplies', 'drop'], ['html502Replies', 'html502'], ['garbledReplies', 'garbled']];

/** What a proxy in front of a dead upstream answers: HTML, not the API's JSON. */
export const GATEWAY_PAGE = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** The fault this request's reply gets (and one off its count), or null; `line` is "METHOD /path". */
export function takeReplyFault(sim: Simulator, line: string): ReplyFault | null {
  const faults: SimFaults = sim.config.faults;
  const hit = COUNTERS.find(([counter]) => faults[counter] > 0);
  if (!hit || !new RegExp(faults.dropMatch ?? '^POST ').test(line)) return null;
  const [counter, fault] = hit;
  sim.config = { ...sim.config, faults: { ...faults, [counter]: faults[counter] - 1 } };
  return fault;
}

/** A JSON body cut in half: the reply a connection reset mid-body leaves behind. */
export function garble(body: string): string {
  return body.slice(0, Math.max(1, Math.floor(body.length / 2)));
}
