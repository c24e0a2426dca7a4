#include "mapped_file.hpp"

#include "shown.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <mutex>

namespace referee {
namespace {

// The files mapped now, for the SIGBUS handler: a fixed table (a handler may not allocate or lock),
// each slot taken by one mapping for its life. More mappings at once than slots (a batch maps one
// file a worker): the file is read instead. constinit: the table is zeros in the program's image,
// not a megabyte written at every start (which a small game's check paid for).
constexpr std::size_t kSlots = 1024;
struct Slot {
    std::atomic<bool> taken{false};
    std::atomic<const char*> begin{nullptr};
    std::atomic<std::size_t> size{0};
    const char* name = nullptr;  // the MappedFile's (its shown name)
    std::size_t name_len = 0;
};
constinit Slot slots[kSlots];

void write_all(const char* s, std::size_t n) {
    while (n > 0) {
        const ssize_t w = ::write(2, s, n);
        if (w <= 0) return;
        s += w;
        n -= static_cast<std::size_t>(w);
    }
}

// Async-signal-safe: reads the table, writes, exits.
void on_sigbus(int sig, siginfo_t* info, void*) {
    const char* at = static_cast<const char*>(info->si_addr);
    for (Slot& s : slots) {
        const char* b = s.begin.load(std::memory_order_acquire);
        if (b == nullptr || at < b || at >= b + s.size.load(std::memory_order_relaxed)) continue;
        static constexpr char kHead[] = "referee: ";
        static constexpr char kTail[] = ": the file was cut short by another program while it was being read; stopped\n";
        write_all(kHead, sizeof kHead - 1);
        write_all(s.name, s.name_len);
        write_all(kTail, sizeof kTail - 1);
        ::_exit(2);
    }
    // Not one of ours: what SIGBUS does by default.
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

}  // namespace

std::unique_ptr<MappedFile> MappedFile::map(int fd, std::size_t size, std::string_view name) {
    if (size == 0) return nullptr;
    static std::once_flag installed;
    bool handler = true;
    std::call_once(installed, [&] {
        struct sigaction sa {};
        sa.sa_sigaction = on_sigbus;
        sa.sa_flags = SA_SIGINFO;
        sigemptyset(&sa.sa_mask);
        handler = ::sigaction(SIGBUS, &sa, nullptr) == 0;
    });
    if (!handler) return nullptr;
    std::size_t slot = 0;
    for (bool expected = false; slot < kSlots; ++slot, expected = false)
        if (slots[slot].taken.compare_exchange_strong(expected, true)) break;
    if (slot == kSlots) return nullptr;
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (p == MAP_FAILED) {
        slots[slot].taken.store(false);
        return nullptr;
    }
    std::unique_ptr<MappedFile> m(new MappedFile(static_cast<const char*>(p), size, slot));
    append_escaped(m->name_, name);
    Slot& s = slots[slot];
    s.name = m->name_.c_str();
    s.name_len = m->name_.size();
    s.size.store(size, std::memory_order_relaxed);
    s.begin.store(static_cast<const char*>(p), std::memory_order_release);
    return m;
}

MappedFile::~MappedFile() {
    Slot& s = slots[slot_];
    s.begin.store(nullptr, std::memory_order_release);
    ::munmap(const_cast<char*>(data_), size_);
    s.taken.store(false, std::memory_order_release);
}

}  // namespace referee
