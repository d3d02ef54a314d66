import v8 from 'node:v8';

/**
 * V8's allocation-site pretenuring off, before the server takes any request (server.ts imports this first).
 *
 * Pretenuring puts objects from a place in the code straight into the old generation once most of them were seen to
 * live through a minor GC. The first reads after a start or a catalogue change wait together for one computation, so
 * the HTTP objects of Node's own request handling look long-lived, and their places were pretenured for the rest of
 * the process: every later request's objects then went to the old generation, kept the young ones they point to
 * alive (each minor GC promoted 1-4 MB and paused 13-15 ms), and a full GC followed every few seconds. Measured on
 * kept catalogue answers under wrk (docs/decisions/037): servers whose first reads came under load answered 17,000
 * a second with a p99 of 14 ms (2 of 2 runs); with pretenuring off, 27,000-29,000 at 3 ms (2 of 2 runs).
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
