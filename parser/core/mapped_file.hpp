// A long file's bytes mapped into memory rather than read into a buffer. Reading 35 MB into fresh
// memory costs here a page fault for each of its 8,500 pages: 20-40 ms, a fifth of a long log's
// check, all of it before the first line is parsed; mapping the pages the system already holds for
// the file takes 3 ms (docs/performance.md, "Issue 19").
//
// A mapped file that another program cuts short while referee reads it makes the processor fault
// (SIGBUS) where a read would have seen the old bytes. That is handled, not a crash: the process
// says which file changed under it, on standard error, and exits with status 2 (docs/decisions.md).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace referee {

class MappedFile {
public:
    // The `size` bytes of the regular file open on fd, mapped read-only, or nullptr when it cannot
    // be (the caller reads it instead). `name` names it in the message above. fd may be closed after.
    static std::unique_ptr<MappedFile> map(int fd, std::size_t size, std::string_view name);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view bytes() const { return {data_, size_}; }

private:
    MappedFile(const char* data, std::size_t size, std::size_t slot) : data_(data), size_(size), slot_(slot) {}
    const char* data_;
    std::size_t size_;
    std::size_t slot_;  // in the table the SIGBUS handler reads
    std::string name_;  // shown (escaped), for the handler's message
};

}  // namespace referee
