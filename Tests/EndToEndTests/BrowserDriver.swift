import CamschedTestSupport
import Foundation

/// Headless Chromium driven through the DevTools protocol on a pipe (`--remote-debugging-pipe`,
/// with Python's standard library only): steps run in order in one page, each giving a result —
/// `viewport` [w, h], `goto` URL (waits for the load event), `eval` JavaScript (a promise is
/// awaited; its value returned as JSON), `waitLoad` (the next load event, after a form's
/// submit), `screenshot` PATH (the whole page as PNG; returns its
/// [width, height] in CSS pixels), `cookies` (the browser's cookies, as the protocol gives them).
enum BrowserDriver {
    static var available: Bool { HeadlessChromium.path != nil }

    static func run(_ steps: [[String: Any]], in dir: TemporaryDirectory) throws -> [Any] {
        let plan = dir.file("steps-\(UUID().uuidString.prefix(6)).json")
        try JSONSerialization.data(withJSONObject: steps).write(to: plan)
        let driver = try dir.write("drive.py", script)
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", driver.path, plan.path, dir.file("browser-profile").path], timeout: 120)
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
              let values = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [Any] else {
            throw HTTPProbe.Failure(description: "browser driver: \(result.stderr.suffix(800)) \(result.stdout.suffix(300))")
        }
        return values
    }

    static let script = #"""
import json, os, subprocess, sys, time, base64
steps = json.load(open(sys.argv[1]))
profile = sys.argv[2]
r3, w3 = os.pipe(); r4, w4 = os.pipe()
def child():
    os.dup2(r3, 3); os.dup2(w4, 4)
args = ['/usr/bin/chromium', '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage',
        '--hide-scrollbars', '--mute-audio', '--autoplay-policy=no-user-gesture-required', '--proxy-server=127.0.0.1:9',
        '--user-data-dir=' + profile, '--remote-debugging-pipe', 'about:blank']
proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=child, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(r3); os.close(w4)
out = os.fdopen(w3, 'wb', buffering=0); inp = os.fdopen(r4, 'rb', buffering=0)
buf = b''; ids = [0]; events = []
def read_message():
    global buf
    while b'\0' not in buf:
        chunk = inp.read(65536)
        if not chunk: raise SystemExit('chromium closed the pipe')
        buf += chunk
    msg, buf = buf.split(b'\0', 1)
    return json.loads(msg)
def call(method, params=None, session=None):
    ids[0] += 1
    m = {'id': ids[0], 'method': method, 'params': params or {}}
    if session: m['sessionId'] = session
    out.write(json.dumps(m).encode() + b'\0')
    while True:
        r = read_message()
        if r.get('id') == ids[0]:
            if 'error' in r: raise SystemExit(f'{method}: {r["error"]}')
            return r['result']
        events.append(r)
def wait_event(name, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        for i, e in enumerate(events):
            if e.get('method') == name: events.pop(i); return e
        events.append(read_message())
    raise SystemExit('no ' + name)
target = call('Target.createTarget', {'url': 'about:blank'})['targetId']
s = call('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
call('Page.enable', session=s); call('Network.enable', session=s)
results = []
for step in steps:
    if 'viewport' in step:
        w, h = step['viewport']
        call('Emulation.setDeviceMetricsOverride', {'width': w, 'height': h, 'deviceScaleFactor': 1, 'mobile': w < 600}, s); results.append(None)
    elif 'goto' in step:
        events.clear(); call('Page.navigate', {'url': step['goto']}, s); wait_event('Page.loadEventFired'); results.append(None)
    elif 'eval' in step:
        r = call('Runtime.evaluate', {'expression': step['eval'], 'awaitPromise': True, 'returnByValue': True}, s)
        if 'exceptionDetails' in r: raise SystemExit('script failed: ' + json.dumps(r['exceptionDetails'])[:800])
        results.append(r['result'].get('value'))
    elif 'screenshot' in step:
        m = call('Page.getLayoutMetrics', session=s)['cssContentSize']
        r = call('Page.captureScreenshot', {'format': 'png', 'captureBeyondViewport': True,
             'clip': {'x': 0, 'y': 0, 'width': m['width'], 'height': m['height'], 'scale': 1}}, s)
        open(step['screenshot'], 'wb').write(base64.b64decode(r['data'])); results.append([m['width'], m['height']])
    elif 'waitLoad' in step:
        wait_event('Page.loadEventFired'); results.append(None)
    elif 'cookies' in step:
        results.append(call('Network.getCookies', session=s)['cookies'])
print(json.dumps(results))
proc.kill(); proc.wait()
"""#
}
