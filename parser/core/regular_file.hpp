// Opening a file that input names (a game of a batch, a scenario file a game names) so that it can
// never block or be read without end: what it is is asked before it is opened (stat) and again of
// what was opened (fstat, which closes the race with a file swapped in between), and it is opened
// with O_NONBLOCK, so that a named pipe swapped in does not wait for a writer. Only a regular file
// is read; a folder, a named pipe, a device or a socket is refused with what it is (docs/report.md,
// "Hostile files").
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace referee {

struct OpenedFile {
    int fd = -1;             // open for reading (O_NONBLOCK, which a regular file's reads ignore), or -1
    std::uint64_t size = 0;  // its size, when fd is open
    std::string kind;        // when fd is -1 because it is no regular file: what it is ("a named pipe", "a directory")
    std::string why;         // when fd is -1 for another reason: the system's ("No such file or directory")
};

// `path` opened for reading when it is a regular file (symbolic links followed). The caller closes fd.
OpenedFile open_regular_file(const std::string& path);

// `p` is `root` or under it, step by step (not as strings: /games2 is not under /games). Both are
// expected resolved (canonical), so that no `..` or link is left in either.
bool path_within(const std::filesystem::path& p, const std::filesystem::path& root);

// What a file of type `mode` (st_mode) is, in words: "a directory", "a named pipe", "a character device"...
std::string file_kind(unsigned mode);

}  // namespace referee
