import Foundation
import Glibc

extension ChildProcess {
    /// Starts `executable` (a full path) as a shell would: no signal blocked, every signal's
    /// default action, its own process group (as Foundation's `Process` did: a Ctrl-C of the test
    /// run is not sent to it), stdin on `/dev/null`, stdout and stderr in the given files, emptied
    /// first (one file for both when they are the same), and no other descriptor of the test process.
    ///
    /// The signal mask is set by `posix_spawn` itself (`POSIX_SPAWN_SETSIGMASK`), so no
    /// interpreter or wrapper is started first and timed signal tests stay fast.
    /// - Throws: `POSIXError` when a file cannot be opened or the program cannot be started.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                      currentDirectory: URL?, stdout: URL, stderr: URL) throws -> ChildProcess {
        let out = try openEmptied(stdout)
        defer { close(out) }
        let err = stderr.standardizedFileURL == stdout.standardizedFileURL ? out : try openEmptied(stderr)
        defer { if err != out { close(err) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out, 1)
        posix_spawn_file_actions_adddup2(&actions, err, 2)
        if let closeFrom = GNUSpawnActions.closeFrom { _ = closeFrom(&actions, 3) }
        if let currentDirectory {
            guard let changeDirectory = GNUSpawnActions.changeDirectory else { throw POSIXError(.ENOSYS) }
            try check(currentDirectory.path.withCString { changeDirectory(&actions, $0) })
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        try check(posix_spawn(&pid, executable, &actions, &attributes, argv, envp))
        return ChildProcess(pid: pid)
    }

    private static func openEmptied(_ url: URL) throws -> Int32 {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return fd
    }

    private static func check(_ code: Int32) throws {
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    }
}
