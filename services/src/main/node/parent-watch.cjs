// Loaded with `node --require` before a Node program the harness starts but does not write (Azurite):
// ends this process when the harness is gone, also after a SIGKILL that left the harness no chance to stop
// its children. The harness keeps our standard input as a pipe and never writes to it; the kernel closes
// the pipe when the harness dies, so its end means exactly that. Only with STREAMBENCH_PARENT_PIPE=1, which
// the harness sets (see ParentWatch.java, the same for our JVMs).
'use strict';

if (process.env.STREAMBENCH_PARENT_PIPE === '1') {
  let stopping = false;
  const stop = () => {
    if (stopping) {
      return;
    }
    stopping = true;
    // a program that closes its servers on SIGTERM (Azurite does) gets to; if that hangs, exit anyway
    setTimeout(() => process.exit(143), 10000).unref();
    process.kill(process.pid, 'SIGTERM');
  };
  process.stdin.on('data', () => {}); // the harness writes nothing; reading is what tells us of the end
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  // the watch alone must not keep Node running: the program ends as it would without us
  if (typeof process.stdin.unref === 'function') {
    process.stdin.unref();
  }
}
