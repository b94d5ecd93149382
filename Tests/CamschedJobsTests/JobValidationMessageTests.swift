import CamschedCore
import Foundation
import Testing
@testable import CamschedJobs

/// Snapshots of the exact validation output for broken jobs: every problem at once, each with
/// file, line, column, JSON path and message.
@Suite("Validation messages")
struct JobValidationMessageTests {
    func messages(_ json: String, file: String = "jobs/broken.json") -> String {
        do {
            _ = try JobLoader.load(data: Data(json.utf8), sourceURL: URL(fileURLWithPath: file))
            return "no problems"
        } catch {
            return error.description
        }
    }

    @Test func cameraAndStillProblems() {
        let json = """
        {
          "name": "my job",
          "camera": {
            "device": ["auto", "video0"],
            "size": "1920x",
            "fps": 0,
            "zoom": 0.5,
            "rotation": 45,
            "focus": "manual",
            "exposure": {"mode": "auot"},
            "pixelFormat": "MJPEG"
          },
          "capture": {
            "intervl": {"every": "10s", "count": 3}
          },
          "still": {"format": "jpg", "quality": 150}
        }
        """
        #expect(messages(json) == """
        jobs/broken.json:2:11: name: "my job" is not a safe file name; use up to 100 letters, digits, "-", "_" and ".", not starting with "."
        jobs/broken.json:4:24: camera.device[1]: "video0" is not a device; use "auto", a path such as "/dev/video0", or a URI starting with "v4l2:", "name:", "libcamera:", "test:", "file:", "rtsp://" or "http://"
        jobs/broken.json:5:13: camera.size: "1920x" is not a size; use "WIDTHxHEIGHT" such as "1920x1080" or one of "photo", "high", "1080p", "720p", "480p"
        jobs/broken.json:6:12: camera.fps: must be between 0.1 and 1000, found 0
        jobs/broken.json:7:13: camera.zoom: must be from 1 (no zoom) to 100, found 0.5
        jobs/broken.json:8:17: camera.rotation: must be 0, 90, 180 or 270, found 45
        jobs/broken.json:9:14: camera.focus: "manual" needs a value; write {"manual": VALUE}
        jobs/broken.json:10:26: camera.exposure.mode: "auot" is not one of "continuous", "auto", "locked", "ramp" or {"manual": VALUE}; did you mean "auto"?
        jobs/broken.json:11:20: camera.pixelFormat: "MJPEG" is not a FourCC; use "auto" or 1 to 4 ASCII characters such as "MJPG", "YUYV", "NV12"
        jobs/broken.json:14:5: capture.intervl: "intervl": unknown key; did you mean "interval"?
        jobs/broken.json:16:23: still.format: "jpg" is not one of "jpeg", "png", "webp"; did you mean "jpeg"?
        jobs/broken.json:16:41: still.quality: must be between 1 and 100, found 150
        """)
    }

    @Test func intervalOutputRetentionAndScheduleProblems() {
        let json = """
        {
          "name": "garden",
          "capture": {
            "interval": {
              "every": "10 s",
              "count": 360,
              "duration": "1h",
              "keepopen": true
            }
          },
          "output": {"path": "/abs/{jb}/%y/../{seq:0}", "root": ""},
          "retention": {"maxAge": "30 days", "maxSize": "20G"},
          "schedule": {"cron": "0 25 * * *", "timezone": "Europe/Berln"}
        }
        """
        #expect(messages(json) == """
        jobs/broken.json:4:17: capture.interval: use only one of "count", "duration" and "until"; found "count" and "duration"
        jobs/broken.json:5:16: capture.interval.every: "10 s" is not a duration; use a number of seconds or units like "500ms", "10s", "5m", "1h30m", "2d"
        jobs/broken.json:8:7: capture.interval.keepopen: "keepopen": unknown key; did you mean "keepOpen"?
        jobs/broken.json:11:22: output.path: the path must be relative to output.root, not absolute
        jobs/broken.json:11:22: output.path: the path must not contain a ".." component: files stay under output.root
        jobs/broken.json:11:22: output.path: unknown token "{jb}"; did you mean "{job}"?
        jobs/broken.json:11:22: output.path: unknown time field "%y"; allowed: %Y %m %d %H %M %S %j %%
        jobs/broken.json:11:22: output.path: "{seq:0}": the width of {seq:N} must be a number from 1 to 18
        jobs/broken.json:11:57: output.root: must not be empty
        jobs/broken.json:12:27: retention.maxAge: "30 days" is not a duration; use a number of seconds or units like "500ms", "10s", "5m", "1h30m", "2d"
        jobs/broken.json:12:49: retention.maxSize: "20G" is not a size; use a number of bytes or units like "500MB", "20GiB", "1.5TB"
        jobs/broken.json:13:24: schedule.cron: invalid cron expression "0 25 * * *": hour field "25": 25 is out of range 0-23
        jobs/broken.json:13:50: schedule.timezone: "Europe/Berln" is not a known time zone; did you mean "Europe/Berlin"?
        """)
    }

    @Test func recordThrottleHooksAndTopLevelProblems() {
        let json = """
        {
          "name": "rec",
          "capture": {
            "record": {"segment": "10m", "codec": "vp9", "quality": 23, "bitrate": "4 Mbit"},
            "burst": {"fps": 5}
          },
          "throttle": {"serious": 10, "critical": 15, "shutdown": "halt"},
          "hooks": {"onFile": [], "timeout": "0s"},
          "extra": 1,
          "name": "again"
        }
        """
        #expect(messages(json) == """
        jobs/broken.json:4:43: capture.record.codec: "vp9" is not one of "h264", "hevc", "av1", "mjpeg"
        jobs/broken.json:4:65: capture.record.bitrate: use either "quality" or "bitrate", not both
        jobs/broken.json:4:76: capture.record.bitrate: "4 Mbit" is not a bit rate; use bits per second as a number or like "800k", "4M", "2.5Mbps"
        jobs/broken.json:5:5: capture.burst: only one capture kind is allowed, and "record" is given too
        jobs/broken.json:5:14: capture.burst: missing required key "count"
        jobs/broken.json:7:43: throttle.critical: must not be more than "serious" (10), found 15
        jobs/broken.json:7:59: throttle.shutdown: expected "stop" or a frame rate, found "halt"
        jobs/broken.json:8:23: hooks.onFile: the argument list is empty; give at least the program
        jobs/broken.json:8:38: hooks.timeout: must be at least 1ms and at most 1d, found "0s"
        jobs/broken.json:9:3: extra: "extra": unknown key; allowed keys: "$schema", "name", "description", "camera", "capture", "throttle", "still", "output", "retention", "hooks", "schedule", "pressureFrom", "location", "mqtt"
        jobs/broken.json:10:3: name: "name": duplicate key; the first is at line 2, column 3
        """)
    }

    @Test func wrongTypesAndMissingKeys() {
        let json = """
        {
          "camera": {"device": 5, "mirror": "yes", "controls": {"gain": [1], "": 1}, "exposure": {"manual": 1, "mode": "auto"}},
          "capture": {"interval": {"count": "ten", "until": "tomorrow", "assemble": {"fps": -1}}},
          "output": "captures",
          "hooks": {"onRunEnd": ["", "x"]},
          "pressureFrom": 3
        }
        """
        #expect(messages(json) == """
        jobs/broken.json:1:1: missing required key "name"
        jobs/broken.json:2:24: camera.device: expected a device URI or a list of them, found 5
        jobs/broken.json:2:37: camera.mirror: expected true or false, found "yes"
        jobs/broken.json:2:65: camera.controls.gain: expected a number, true or false, or a menu item name, found an array
        jobs/broken.json:2:70: camera.controls[""]: a control name must not be empty
        jobs/broken.json:2:91: camera.exposure.manual: use either "mode" or "manual", not both
        jobs/broken.json:3:27: capture.interval: missing required key "every"
        jobs/broken.json:3:27: capture.interval: use only one of "count", "duration" and "until"; found "count" and "until"
        jobs/broken.json:3:37: capture.interval.count: expected a whole number, found "ten"
        jobs/broken.json:3:53: capture.interval.until: "tomorrow" is neither an RFC 3339 time nor a sun event such as "sunset+30m"; write a time like "2026-06-21T18:30:00+02:00" or "2026-06-21T16:30:00Z" (a real date, hours 00-23, offsets up to ±23:59), or one of sunrise, sunset, dawn, dusk, nauticalDawn, nauticalDusk, astronomicalDawn, astronomicalDusk with an optional offset
        jobs/broken.json:3:85: capture.interval.assemble.fps: must be between 0.1 and 240, found -1
        jobs/broken.json:4:13: output: expected an object, found "captures"
        jobs/broken.json:5:26: hooks.onRunEnd[0]: must not be empty
        jobs/broken.json:6:19: pressureFrom: expected a string, found 3
        """)
    }

    @Test func intervalWithoutAnEnd() {
        let json = """
        {"name": "forever", "capture": {"interval": {"every": "1m"}}}
        """
        #expect(messages(json) == """
        jobs/broken.json:1:45: capture.interval: needs one of "count", "duration" or "until"; without an end the interval would run forever
        """)
    }

    @Test(arguments: [
        ("{\n  \"name\": \"x\",\n  \"capture\": {\"interval\": {\"every\": \"1s\", \"count\": 3},}\n}\n",
         "jobs/broken.json:3:55: invalid JSON: a comma before \"}\" is not allowed in JSON"),
        ("{\n  \"name\": \"x\"\n  \"capture\": {}\n}\n",
         "jobs/broken.json:3:3: invalid JSON: missing \",\" between object members"),
        ("{\n  \"name\": \"x\",\n  \"capture\": {\"burst\": {\"count\": 10s}}\n}\n",
         "jobs/broken.json:3:34: invalid JSON: invalid number; text with units must be written as a string, e.g. \"10s\""),
        ("[1, 2]\n", "jobs/broken.json:1:1: a job file must contain a JSON object, found an array"),
        ("{}\n", "jobs/broken.json:1:1: missing required key \"name\"\njobs/broken.json:1:1: missing required key \"capture\""),
        ("", "jobs/broken.json:1:1: invalid JSON: the file is empty; expected a JSON object"),
        ("{\"name\": \"x\", // comment\n}", "jobs/broken.json:1:15: invalid JSON: comments are not allowed in JSON"),
        ("{\"name\": 'x'}", "jobs/broken.json:1:10: invalid JSON: strings are written in double quotes in JSON, not single quotes"),
        ("{\"name\": \"x\n\"}", "jobs/broken.json:1:12: invalid JSON: unexpected end of line inside a string (missing closing quote?)"),
        // Columns count Unicode scalars, not bytes.
        ("{\"name\": \"x\", \"description\": \"é\", \"capture\": {\"burst\": {\"count\": 0}}}",
         "jobs/broken.json:1:66: capture.burst.count: must be between 1 and 100000, found 0"),
    ])
    func syntaxAndShapeErrors(json: String, expected: String) {
        #expect(messages(json) == expected)
    }

    @Test func problemsWithoutAFileNameStartWithThePosition() {
        do {
            _ = try JobLoader.load(data: Data(#"{"name": "x", "capture": {"burst": {"count": -1}}}"#.utf8), sourceURL: nil)
            Issue.record("expected problems")
        } catch {
            #expect(error.file == nil)
            #expect(error.problems == [JobProblem(path: "capture.burst.count", line: 1, column: 46,
                                                  message: "must be between 1 and 100000, found -1")])
            #expect(error.description == "1:46: capture.burst.count: must be between 1 and 100000, found -1")
        }
    }
}
