"""One headless Chromium for many pages: the DOM each page builds, read over the DevTools pipe.

Starting Chromium costs seconds here (2 to 5 s a page with `--dump-dom`, one process a page); the
browser tests open about sixty pages, so they start one browser and load each page in it in turn,
talking to it over `--remote-debugging-pipe` (the DevTools protocol as JSON messages ended by a NUL
byte, written to the browser's descriptor 3 and read from its descriptor 4): no WebDriver, no
package beyond Debian's `chromium`.

For each page: navigate, wait for the load event (every script of the pages runs before it: they
are synchronous), then read `document.documentElement.outerHTML`, the same serialized DOM that
`--dump-dom` prints.
"""
import fcntl
import json
import os
import select
import subprocess
import time


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, chromium, timeout=60):
        self.timeout = timeout
        to_browser_r, self._w = os.pipe()
        self._r, from_browser_w = os.pipe()
        # The browser reads its commands on descriptor 3 and writes on 4.
        def child():  # each end moved out of the way first, in case it is itself 3 or 4
            r, w = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 100), fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 100)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            pass_fds=(3, 4, to_browser_r, from_browser_w), preexec_fn=child)  # 3 and 4 kept past close_fds
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buf = b""
        self._next = 0
        self._events = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        target = page["targetId"] if page else self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)

    def _send(self, method, params, session):
        self._next += 1
        msg = {"id": self._next, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        return self._next

    def _read(self, deadline):
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("no answer from Chromium in time")
            ready, _, _ = select.select([self._r], [], [], left)
            if ready:
                chunk = os.read(self._r, 1 << 20)
                if not chunk:
                    raise BrowserError("Chromium closed its pipe: " + self._stderr())
                self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def _stderr(self):
        if self.proc.poll() is None:
            return "(still running)"
        return self.proc.stderr.read().decode(errors="replace")[-2000:]

    def call(self, method, session=False, **params):
        want = self._send(method, params, session)
        deadline = time.monotonic() + self.timeout
        while True:
            msg = self._read(deadline)
            if msg.get("id") == want:
                if "error" in msg:
                    raise BrowserError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self._events.append(msg)

    def _wait_event(self, method, deadline):
        while True:
            for i, e in enumerate(self._events):
                if e["method"] == method:
                    del self._events[i]
                    return e
            self._events.append(self._read(deadline))
            if "method" not in self._events[-1]:
                self._events.pop()

    def dom(self, path):
        """The serialized DOM of the page at PATH once it has loaded and its script has run."""
        self._events.clear()
        nav = self.call("Page.navigate", session=True, url="file://" + os.path.abspath(path))
        if nav.get("errorText"):
            raise BrowserError(f"{path}: {nav['errorText']}")
        self._wait_event("Page.loadEventFired", time.monotonic() + self.timeout)
        got = self.call("Runtime.evaluate", session=True, expression="document.documentElement.outerHTML", returnByValue=True)
        return "<!DOCTYPE html>\n" + got["result"]["value"]

    def close(self):
        try:
            self.call("Browser.close")
        except BrowserError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._w)
        os.close(self._r)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
