#include "regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace referee {

std::string file_kind(unsigned mode) {
    switch (mode & S_IFMT) {
        case S_IFREG: return "a file";
        case S_IFDIR: return "a directory";
        case S_IFIFO: return "a named pipe";
        case S_IFCHR: return "a character device";
        case S_IFBLK: return "a block device";
        case S_IFSOCK: return "a socket";
        case S_IFLNK: return "a symbolic link";
        default: return "something other than a file";
    }
}

OpenedFile open_regular_file(const std::string& path) {
    OpenedFile out;
    auto refuse = [&](unsigned mode) { out.kind = file_kind(mode); };
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        out.why = std::strerror(errno);
        return out;
    }
    if (!S_ISREG(st.st_mode)) {
        refuse(st.st_mode);
        return out;
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        out.why = std::strerror(errno);
        return out;
    }
    const bool known = ::fstat(fd, &st) == 0;
    if (!known || !S_ISREG(st.st_mode)) {  // swapped since the stat above
        if (!known) out.why = std::strerror(errno);
        else refuse(st.st_mode);
        ::close(fd);
        return out;
    }
    // O_NONBLOCK is left on: it has no effect on reading a regular file (open(2)), and clearing it
    // cost two system calls of each game of a batch.
    out.fd = fd;
    out.size = static_cast<std::uint64_t>(st.st_size);
    return out;
}

bool path_within(const std::filesystem::path& p, const std::filesystem::path& root) {
    auto at = p.begin();
    for (const std::filesystem::path& step : root) {
        if (at == p.end() || *at != step) return false;
        ++at;
    }
    return true;
}

}  // namespace referee
