#!/usr/bin/env node
// The hookctl package's command: it starts the hookctl binary of this platform's package
// (@hookctl/<platform>-<arch>, one of the optionalDependencies npm installs only where it fits),
// passes the arguments, the streams and the signals on, and exits as the binary exits.
'use strict'

const { spawn } = require('child_process')

const windows = process.platform === 'win32'
const pkg = `@hookctl/${process.platform}-${process.arch}`
let bin
try {
  bin = require.resolve(`${pkg}/bin/hookctl${windows ? '.exe' : ''}`)
} catch (e) {
  process.stderr.write(
    `hookctl: no hookctl binary for ${process.platform}-${process.arch}: the package ${pkg} is not installed.\n` +
      'hookctl ships for linux, darwin and win32 on x64 and arm64; npm installs the one that fits unless\n' +
      'optional dependencies are left out (--omit=optional). The release archives hold the same binaries.\n')
  process.exit(1)
}

const child = spawn(bin, process.argv.slice(2), { stdio: 'inherit', windowsHide: true })
const forward = (sig) => () => child.kill(sig)
if (windows) {
  // Ctrl-C and Ctrl-Break reach every process of the console, hookctl.exe too, which ends its
  // hooks' Job Objects and exits: this process waits for that instead of killing it first.
  for (const sig of ['SIGINT', 'SIGBREAK']) process.on(sig, () => {})
  process.on('SIGHUP', forward('SIGTERM'))
} else {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']) process.on(sig, forward(sig))
}
child.on('error', (err) => {
  process.stderr.write(`hookctl: starting ${bin}: ${err.message}\n`)
  process.exit(1)
})
child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so the caller sees what the binary saw.
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
    return
  }
  process.exit(code)
})
