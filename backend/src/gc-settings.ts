import { setFlagsFromString } from 'node:v8';

/**
 * V8 allocates objects straight into the old generation at the code sites whose objects
 * survived collections before ("allocation-site pretenuring"). A registration rush teaches it
 * that a request's objects live long (64 requests in flight, each waiting its turn on the seat
 * row), and after the rush every cheap request's objects went there too: under the 96 MB cap
 * on the old generation, a full collection every 200–260 ms, and the visitors' list at half
 * its speed until the process restarted (docs/performance.md). Imported before anything else.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
