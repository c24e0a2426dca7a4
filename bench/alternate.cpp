// referee_alternate: whole-process timings of several commands taken in turns (docs/performance.md,
// "Start-up and small games"). Each round runs every command once, one after the other, its output
// thrown away; a command is started with posix_spawn and timed by the monotonic clock from just
// before the spawn to the return of waitpid, so what is measured is the process from start to exit,
// with no shell in between. Taking the commands in turns, rather than all the runs of one before the
// other (as hyperfine does), spreads the machine's slow moments over all of them alike.
//
//   referee_alternate [--rounds N] [--warmup N] -- CMD ARGS... [::: CMD ARGS...]...
//
// Prints, for each command, the median, mean, least and greatest of its times, and for every
// command after the first the median of its time over the first's within each round. Exits 1 when
// a command exits other than 0 (naming it), 2 on a usage error.
#include <spawn.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;

int usage(const char* why) {
    std::fprintf(stderr, "referee_alternate: %s\nusage: referee_alternate [--rounds N] [--warmup N] -- CMD ARGS... [::: CMD ARGS...]...\n", why);
    return 2;
}

// One run of argv, its standard output and error to /dev/null: seconds, or -1 when it failed.
double run_once(const std::vector<char*>& argv, int& status) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const Clock::time_point t0 = Clock::now();
    const int err = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0) {
        std::fprintf(stderr, "referee_alternate: cannot start %s: %s\n", argv[0], std::strerror(err));
        status = -1;
        return -1;
    }
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0) {
        if (errno != EINTR) {
            status = -1;
            return -1;
        }
    }
    const Clock::time_point t1 = Clock::now();
    status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    return std::chrono::duration<double>(t1 - t0).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 != 0 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string shown(const std::vector<char*>& argv) {
    std::string s;
    for (char* a : argv) {
        if (a == nullptr) break;
        if (!s.empty()) s += ' ';
        s += a;
    }
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    long rounds = 100, warmup = 5;
    int i = 1;
    for (; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--") {
            ++i;
            break;
        }
        if ((a == "--rounds" || a == "--warmup") && i + 1 < argc) {
            char* end = nullptr;
            const long v = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || v < 0 || v > 1000000 || (a == "--rounds" && v == 0)) return usage("--rounds and --warmup take a number (rounds at least 1)");
            (a == "--rounds" ? rounds : warmup) = v;
            continue;
        }
        return usage(("unknown argument " + a).c_str());
    }
    std::vector<std::vector<char*>> cmds(1);
    for (; i < argc; ++i) {
        if (std::strcmp(argv[i], ":::") == 0) {
            cmds.emplace_back();
            continue;
        }
        cmds.back().push_back(argv[i]);
    }
    for (auto& c : cmds) {
        if (c.empty()) return usage("an empty command");
        c.push_back(nullptr);
    }

    std::vector<std::vector<double>> times(cmds.size());
    std::vector<std::vector<double>> ratios(cmds.size());
    for (long r = -warmup; r < rounds; ++r) {
        std::vector<double> t(cmds.size());
        for (std::size_t k = 0; k < cmds.size(); ++k) {
            int status = 0;
            t[k] = run_once(cmds[k], status);
            if (status != 0) {
                std::fprintf(stderr, "referee_alternate: `%s` exited %d\n", shown(cmds[k]).c_str(), status);
                return 1;
            }
        }
        if (r < 0) continue;
        for (std::size_t k = 0; k < cmds.size(); ++k) {
            times[k].push_back(t[k]);
            ratios[k].push_back(t[k] / t[0]);
        }
    }
    std::printf("%ld rounds (after %ld to warm up), the commands in turns:\n", rounds, warmup);
    for (std::size_t k = 0; k < cmds.size(); ++k) {
        const auto& v = times[k];
        double sum = 0;
        for (double x : v) sum += x;
        std::printf("  [%zu] %s\n      median %.3f ms, mean %.3f ms, least %.3f ms, greatest %.3f ms", k + 1, shown(cmds[k]).c_str(),
                    median(v) * 1e3, sum / static_cast<double>(v.size()) * 1e3, *std::min_element(v.begin(), v.end()) * 1e3,
                    *std::max_element(v.begin(), v.end()) * 1e3);
        if (k > 0) std::printf("; against [1] within a round: median %.3f", median(ratios[k]));
        std::printf("\n");
    }
    return 0;
}
