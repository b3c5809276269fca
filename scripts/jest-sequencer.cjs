// Jest's order of test files (docs/architecture.md#tests). Jest runs the files its cache timed longest first, and files
// it never timed before those, largest first: on a machine without that cache (a fresh clone, CI) small end-to-end files
// that take half a minute then run last, side by side, while a worker idles. Here the untimed files that run the bundle
// against the simulator or drive a browser go before the untimed unit files; timed files keep jest's order.
const Sequencer = require('@jest/test-sequencer').default;

/** The folders whose files run the built add-on against the simulator, or Chromium: seconds to a minute each. */
const HEAVY = /[\\/]test[\\/](e2e|explore|sidebar|dev[\\/]playground)[\\/]/;

class HeavyFirst extends Sequencer {
  sort(tests) {
    const rank = (t) => (t.duration != null ? 2 : HEAVY.test(t.path) ? 0 : 1);
    // Array sort is stable: within a rank, jest's own order (failed first, then time or size) stands.
    return super.sort(tests).sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = HeavyFirst;
