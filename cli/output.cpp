#include "output.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace referee {

namespace {
int g_error = 0;  // the errno of the first failed write to standard output, -1 when unknown

void note_error() {
    if (g_error == 0) g_error = errno != 0 ? errno : -1;
}
}  // namespace

void write_stdout(std::string_view s) {
    if (s.empty()) return;
    errno = 0;
    if (std::fwrite(s.data(), 1, s.size(), stdout) != s.size()) note_error();
}

void flush_stdout() {
    errno = 0;
    if (std::fflush(stdout) != 0) note_error();
}

bool finish_stdout() {
    errno = 0;
    if (std::fflush(stdout) != 0) note_error();
    if (std::ferror(stdout) && g_error == 0) g_error = -1;
    errno = 0;
    if (std::fclose(stdout) != 0) note_error();
    if (g_error == 0) return true;
    fmt::print(stderr, "referee: cannot write the report: {}\n", g_error > 0 ? std::strerror(g_error) : "write error");
    return false;
}

}  // namespace referee
