#!/usr/bin/python3
"""A real RTSP server for the tests, from Debian's GStreamer (python3-gi, gir1.2-gst-rtsp-server-1.0).

Serves a moving test picture on 127.0.0.1 as H.264 (rtsp://127.0.0.1:PORT/h264) and MJPEG
(rtsp://127.0.0.1:PORT/mjpeg), each frame of WIDTHxHEIGHT at FPS, until it is killed; and the
H.264 picture with sound from the same pipeline clock: AAC at 48 kHz (/h264-aac) or G.711
mu-law (PCMU) at 8 kHz (/h264-pcmu), both mono. The sound is silence with a tick (10 ms of
1 kHz, loud) at every whole second of the pipeline's running time: the tests find the ticks
in what was recorded and check that they stay one second apart across cuts.
Prints "listening PORT" on stdout once it serves. Run it with /usr/bin/python3: Debian's
GObject bindings load only there.

With --user and --password every stream asks for that login (RTSP basic authentication, or
digest with --digest): a client without it, or with another, is answered 401 Unauthorized.

Usage: rtsp-test-server.py [--port N] [--size 640x360] [--fps 10] [--user NAME --password TEXT [--digest]]
"""
import argparse
import signal
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtsp", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtsp, GstRtspServer  # noqa: E402


ROLE = "camera-user"


def login(user, password, digest):
    """Basic (or digest) authentication that lets only USER with PASSWORD in, in the role ROLE."""
    auth = GstRtspServer.RTSPAuth()
    token = GstRtspServer.RTSPToken()
    token.set_string("media.factory.role", ROLE)
    if digest:
        auth.set_supported_methods(GstRtsp.RTSPAuthMethod.DIGEST)
        auth.add_digest(user, password, token)
    else:
        auth.add_basic(GstRtspServer.RTSPAuth.make_basic(user, password), token)
    return auth


def permissions():
    """What ROLE may do with a stream: open it and start it."""
    allowed = GstRtspServer.RTSPPermissions()
    allowed.add_permission_for_role(ROLE, "media.factory.access", True)
    allowed.add_permission_for_role(ROLE, "media.factory.construct", True)
    return allowed


def ticks(rate):
    """Mono sound at RATE: silence with a loud 10 ms tick of 1 kHz at every whole second."""
    return (f"audiotestsrc is-live=true wave=ticks freq=1000 sine-periods-per-tick=10 volume=0.8 samplesperbuffer={rate // 50}"
            f" ! audio/x-raw,rate={rate},channels=1")


def main():
    # A parent may have started us with these blocked (a test runner's threads block them):
    # the tests stop the server with SIGTERM.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--size", default="640x360")
    parser.add_argument("--fps", type=int, default=10)
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--digest", action="store_true")
    args = parser.parse_args()
    if (args.user is None) != (args.password is None):
        parser.error("--user and --password go together")
    width, height = (int(v) for v in args.size.split("x"))
    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(str(args.port))
    caps = f"video/x-raw,width={width},height={height},framerate={args.fps}/1,format=I420"
    source = f"videotestsrc is-live=true pattern=ball ! {caps} ! timeoverlay"
    h264 = f"x264enc tune=zerolatency speed-preset=ultrafast key-int-max={args.fps} ! rtph264pay name=pay0 pt=96 config-interval=1"
    mounts = server.get_mount_points()
    for path, encode in [
        ("/h264", h264),
        ("/mjpeg", "jpegenc quality=85 ! rtpjpegpay name=pay0 pt=26"),
        ("/h264-aac", f"{h264} {ticks(48000)} ! avenc_aac ! rtpmp4gpay name=pay1 pt=97"),
        ("/h264-pcmu", f"{h264} {ticks(8000)} ! mulawenc ! rtppcmupay name=pay1 pt=0"),
    ]:
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(f"( {source} ! {encode} )")
        factory.set_shared(True)
        if args.user is not None:
            factory.set_permissions(permissions())
        mounts.add_factory(path, factory)
    if args.user is not None:
        server.set_auth(login(args.user, args.password, args.digest))
    if server.attach(None) == 0:
        print("could not listen", file=sys.stderr)
        sys.exit(1)
    print(f"listening {server.get_bound_port()}", flush=True)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
