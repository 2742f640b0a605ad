// Reads URLs on standard input, one a line, and writes for each a line of
// JSON with what the WHATWG URL parser of Node.js (new URL) reads in it:
// {"host":…,"port":…,"path":…}, its hostname, port and pathname, or
// {"fail":true} when it refuses the URL. uri's TestHazardsWHATWG runs it.
'use strict';

const readline = require('node:readline');

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
let out = [];
const flush = () => {
  if (out.length > 0) {
    process.stdout.write(out.join('\n') + '\n');
    out = [];
  }
};
lines.on('line', (s) => {
  let r;
  try {
    const u = new URL(s);
    r = { host: u.hostname, port: u.port, path: u.pathname };
  } catch {
    r = { fail: true };
  }
  out.push(JSON.stringify(r));
  if (out.length >= 4096) {
    flush();
  }
});
lines.on('close', flush);
