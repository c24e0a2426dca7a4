// ZIP archives from memory (archive.hpp): the container walked here, the data inflated by zlib.
// Nothing here writes to disk.
//
// Why not libzip: libzip links OpenSSL's libcrypto, whose loading alone doubled the start-up of
// every `referee check` (2.5 M instructions to 5.8 M, before reading a byte; docs/performance.md),
// which a director checking a thousand small games pays a thousand times. The container is the
// small part of a ZIP (the shared FORMAT.md §7.1: find the end record, walk the central directory,
// skip each local header by its own lengths); inflating, the hard part, stays zlib's.
#include "archive.hpp"

#include "regular_file.hpp"
#include "vassal_error.hpp"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <array>
#include <fmt/format.h>
#include <limits>
#include <unordered_map>

namespace referee::vassal {

namespace {

// The records of the ZIP format (APPNOTE.TXT) that a reader needs.
constexpr std::uint32_t kLocalSignature = 0x04034b50;        // "PK\3\4"
constexpr std::uint32_t kCentralSignature = 0x02014b50;      // "PK\1\2"
constexpr std::uint32_t kEndSignature = 0x06054b50;          // "PK\5\6"
constexpr std::uint32_t kEnd64Signature = 0x06064b50;        // "PK\6\6"
constexpr std::uint32_t kEnd64LocatorSignature = 0x07064b50; // "PK\6\7"
constexpr std::size_t kLocalHeader = 30, kCentralHeader = 46, kEndRecord = 22, kEnd64Locator = 20, kEnd64Record = 56;
constexpr std::uint16_t kFlagEncrypted = 1u << 0, kFlagUtf8 = 1u << 11;
constexpr std::uint16_t kStored = 0, kDeflated = 8;

std::uint16_t get16(std::string_view b, std::size_t at) {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(b[at]) | static_cast<unsigned char>(b[at + 1]) << 8);
}
std::uint32_t get32(std::string_view b, std::size_t at) { return get16(b, at) | static_cast<std::uint32_t>(get16(b, at + 2)) << 16; }
std::uint64_t get64(std::string_view b, std::size_t at) { return get32(b, at) | static_cast<std::uint64_t>(get32(b, at + 4)) << 32; }

// Does [at, at + n) lie inside a buffer of `size` bytes (without overflow)?
bool inside(std::uint64_t at, std::uint64_t n, std::size_t size) { return at <= size && n <= size - at; }

bool climbs_out(std::string_view name) {
    if (name.empty()) return false;
    if (name.front() == '/' || name.front() == '\\') return true;
    if (name.size() >= 2 && name[1] == ':') return true;   // C:...
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find_first_of("/\\", start);
        if (end == std::string_view::npos) end = name.size();
        if (name.substr(start, end - start) == "..") return true;
        start = end + 1;
    }
    return false;
}

bool valid_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : 4;
        if (n == 4 || (n == 1 && c < 0xC2) || i + n >= s.size() + (n == 0 ? 1 : 0)) return false;
        std::uint32_t cp = n == 0 ? c : c & (0x3F >> n);
        for (std::size_t k = 1; k <= n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d >> 6) != 0x2) return false;
            cp = cp << 6 | (d & 0x3F);
        }
        if ((n == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF))) return false;
        i += n + 1;
    }
    return true;
}

// The upper half of code page 437, the encoding of a ZIP name without the UTF-8 flag (APPNOTE
// appendix D), as Unicode code points.
constexpr std::array<std::uint16_t, 128> kCp437 = {
    0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7, 0x00EA, 0x00EB, 0x00E8, 0x00EF, 0x00EE, 0x00EC, 0x00C4, 0x00C5,
    0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9, 0x00FF, 0x00D6, 0x00DC, 0x00A2, 0x00A3, 0x00A5, 0x20A7, 0x0192,
    0x00E1, 0x00ED, 0x00F3, 0x00FA, 0x00F1, 0x00D1, 0x00AA, 0x00BA, 0x00BF, 0x2310, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB,
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556, 0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510,
    0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F, 0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567,
    0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B, 0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,
    0x03B1, 0x00DF, 0x0393, 0x03C0, 0x03A3, 0x03C3, 0x00B5, 0x03C4, 0x03A6, 0x0398, 0x03A9, 0x03B4, 0x221E, 0x03C6, 0x03B5, 0x2229,
    0x2261, 0x00B1, 0x2265, 0x2264, 0x2320, 0x2321, 0x00F7, 0x2248, 0x00B0, 0x2219, 0x00B7, 0x221A, 0x207F, 0x00B2, 0x25A0, 0x00A0,
};

std::string cp437_to_utf8(std::string_view s) {
    std::string out;
    out.reserve(s.size() * 2);
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
            out += ch;
            continue;
        }
        const std::uint16_t cp = kCp437[c - 0x80];
        if (cp < 0x800) {
            out += static_cast<char>(0xC0 | cp >> 6);
        } else {
            out += static_cast<char>(0xE0 | cp >> 12);
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        }
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

// A name as it is listed and found: UTF-8 when flagged so or when it is valid UTF-8, otherwise
// read as code page 437 (what a zip tool without the flag wrote; a module's buildFile names its
// images in UTF-8).
std::string entry_name(std::string_view raw, std::uint16_t flags) {
    if ((flags & kFlagUtf8) != 0 || valid_utf8(raw)) return std::string(raw);
    return cp437_to_utf8(raw);
}

struct Entry {
    std::string name;
    std::uint16_t flags = 0, method = 0;
    std::uint32_t crc = 0;
    std::uint64_t compressed = 0, size = 0, local = 0;
};

}  // namespace

struct Archive::Impl {
    std::string label;
    std::string bytes;
    ArchiveLimits limits;
    std::vector<Entry> entries;
    std::vector<std::string> names;
    std::unordered_map<std::string_view, std::size_t> index;   // views of entries[i].name

    [[noreturn]] void unreadable(std::string_view why) const {
        throw VassalError(fmt::format("{}: not a readable ZIP archive: {}", label, why));
    }

    // The end of central directory record: the last "PK\5\6" within the last 64 KiB + 22 bytes
    // whose comment reaches exactly to the end of the file (or, failing that, the last one at all).
    std::size_t find_end() const {
        if (bytes.size() < kEndRecord) unreadable("too short to hold a central directory");
        const std::size_t lowest = bytes.size() > kEndRecord + 0xFFFF ? bytes.size() - kEndRecord - 0xFFFF : 0;
        std::size_t found = std::string::npos;
        for (std::size_t at = bytes.size() - kEndRecord + 1; at-- > lowest;) {
            if (get32(bytes, at) != kEndSignature) continue;
            if (at + kEndRecord + get16(bytes, at + 20) == bytes.size()) return at;
            if (found == std::string::npos) found = at;
        }
        if (found == std::string::npos) unreadable("no end of central directory record (a cut-short file?)");
        return found;
    }

    void read_directory() {
        const std::size_t end = find_end();
        std::uint64_t count = get16(bytes, end + 10), directory_size = get32(bytes, end + 12), directory = get32(bytes, end + 16);
        if (end >= kEnd64Locator && get32(bytes, end - kEnd64Locator) == kEnd64LocatorSignature) {
            // ZIP64: the count, the size or the offset did not fit, and a ZIP64 end record holds them.
            const std::uint64_t at = get64(bytes, end - kEnd64Locator + 8);
            if (!inside(at, kEnd64Record, end - kEnd64Locator) || get32(bytes, static_cast<std::size_t>(at)) != kEnd64Signature)
                unreadable("a ZIP64 locator that points at no ZIP64 end record");
            const auto a = static_cast<std::size_t>(at);
            count = get64(bytes, a + 32);
            if (get32(bytes, a + 16) != 0 || get32(bytes, a + 20) != 0 || get64(bytes, a + 24) != count)
                unreadable("an archive split over several disks");
            directory_size = get64(bytes, a + 40);
            directory = get64(bytes, a + 48);
        } else if (get16(bytes, end + 4) != 0 || get16(bytes, end + 6) != 0 || get16(bytes, end + 8) != count) {
            unreadable("an archive split over several disks");
        }
        if (count > limits.max_entries)
            throw VassalError(fmt::format("{}: {} entries, over the limit of {}: refused", label, count, limits.max_entries));
        if (!inside(directory, directory_size, end)) unreadable("the central directory lies outside the file");
        if (count * kCentralHeader > directory_size) unreadable(fmt::format("a central directory too short for its {} entries", count));
        entries.reserve(static_cast<std::size_t>(count));
        names.reserve(static_cast<std::size_t>(count));
        index.reserve(static_cast<std::size_t>(count));
        std::size_t at = static_cast<std::size_t>(directory);
        const std::size_t stop = static_cast<std::size_t>(directory + directory_size);
        for (std::uint64_t i = 0; i < count; ++i) {
            if (!inside(at, kCentralHeader, stop) || get32(bytes, at) != kCentralSignature)
                unreadable(fmt::format("entry {} of the central directory is damaged", i + 1));
            Entry e;
            e.flags = get16(bytes, at + 8);
            e.method = get16(bytes, at + 10);
            e.crc = get32(bytes, at + 16);
            e.compressed = get32(bytes, at + 20);
            e.size = get32(bytes, at + 24);
            const std::size_t name_length = get16(bytes, at + 28), extra_length = get16(bytes, at + 30), comment_length = get16(bytes, at + 32);
            e.local = get32(bytes, at + 42);
            if (!inside(at + kCentralHeader, name_length + extra_length + comment_length, stop))
                unreadable(fmt::format("entry {} of the central directory runs past it", i + 1));
            const std::string_view raw(bytes.data() + at + kCentralHeader, name_length);
            read_zip64_extra(std::string_view(bytes.data() + at + kCentralHeader + name_length, extra_length), e, i + 1);
            e.name = entry_name(raw, e.flags);
            if (climbs_out(e.name))
                throw VassalError(fmt::format("{}: entry name '{}' leaves the archive's folder: refused", label, e.name));
            at += kCentralHeader + name_length + extra_length + comment_length;
            names.push_back(e.name);
            entries.push_back(std::move(e));
        }
        for (std::size_t i = 0; i < entries.size(); ++i)
            if (!index.emplace(entries[i].name, i).second)
                throw VassalError(fmt::format("{}: entry name '{}' appears twice: refused (which one is meant?)", label, entries[i].name));
    }

    // The 8-byte fields of a ZIP64 extra field, for those of size, compressed size and offset that
    // the central header gave as 0xFFFFFFFF, in that order.
    void read_zip64_extra(std::string_view extra, Entry& e, std::uint64_t number) const {
        const bool need_size = e.size == 0xFFFFFFFFu, need_compressed = e.compressed == 0xFFFFFFFFu, need_local = e.local == 0xFFFFFFFFu;
        if (!need_size && !need_compressed && !need_local) return;
        std::size_t at = 0;
        while (at + 4 <= extra.size()) {
            const std::uint16_t id = get16(extra, at), length = get16(extra, at + 2);
            if (at + 4 + length > extra.size()) break;
            if (id == 0x0001) {
                std::string_view field = extra.substr(at + 4, length);
                std::size_t k = 0;
                auto take = [&](std::uint64_t& v) {
                    if (k + 8 > field.size()) unreadable(fmt::format("entry {}'s ZIP64 field is too short", number));
                    v = get64(field, k);
                    k += 8;
                };
                if (need_size) take(e.size);
                if (need_compressed) take(e.compressed);
                if (need_local) take(e.local);
                return;
            }
            at += 4 + length;
        }
        unreadable(fmt::format("entry {} needs a ZIP64 field it does not have", number));
    }

    [[noreturn]] void damaged(const Entry& e, std::string_view why) const {
        throw VassalError(fmt::format("{}: entry '{}' is damaged: {}", label, e.name, why));
    }

    // Reads up to `cap` bytes of the entry, refusing it when its declared size breaks a limit (when
    // `whole`: then it is read to its end, its size and CRC checked) and stopping at the limit
    // whatever the directory says.
    std::string read_entry(const Entry& e, std::uint64_t cap, bool whole) const {
        if ((e.flags & kFlagEncrypted) != 0)
            throw VassalError(fmt::format("{}: entry '{}' is encrypted: not read", label, e.name));
        if (e.method != kStored && e.method != kDeflated)
            throw VassalError(fmt::format("{}: entry '{}' is compressed with method {}, which is not read (VASSAL writes deflate)",
                                          label, e.name, e.method));
        if (whole) {
            if (e.size > limits.max_entry_bytes)
                throw VassalError(fmt::format("{}: entry '{}' is {} bytes uncompressed, over the limit of {} bytes: refused", label,
                                              e.name, e.size, limits.max_entry_bytes));
            if (e.size > (4u << 20) && e.size / std::max<std::uint64_t>(e.compressed, 1) > limits.max_ratio)
                throw VassalError(fmt::format("{}: entry '{}' inflates {} bytes to {}, a ratio over {}: refused as a ZIP bomb", label,
                                              e.name, e.compressed, e.size, limits.max_ratio));
        }
        // The data follow the local header, its name and its extra field, with their own lengths.
        if (!inside(e.local, kLocalHeader, bytes.size()) || get32(bytes, static_cast<std::size_t>(e.local)) != kLocalSignature)
            damaged(e, "its local header is missing");
        const auto local = static_cast<std::size_t>(e.local);
        const std::uint64_t data = local + kLocalHeader + get16(bytes, local + 26) + get16(bytes, local + 28);
        if (!inside(data, e.compressed, bytes.size())) damaged(e, "its data run past the end of the file");
        const std::string_view in(bytes.data() + data, static_cast<std::size_t>(e.compressed));

        std::string out;
        const std::uint64_t room = cap + (whole ? 1 : 0);   // one byte more than allowed shows a lie
        if (e.method == kStored) {
            out.assign(in.substr(0, static_cast<std::size_t>(std::min<std::uint64_t>(in.size(), room))));
        } else {
            out = inflate_raw(e, in, room, whole);
        }
        if (!whole) return out.size() > cap ? out.substr(0, static_cast<std::size_t>(cap)) : out;
        if (out.size() > cap)
            throw VassalError(fmt::format("{}: entry '{}' inflates past the limit of {} bytes: refused", label, e.name, cap));
        if (out.size() != e.size) damaged(e, fmt::format("{} bytes, where the directory says {}", out.size(), e.size));
        const uLong crc = crc32_z(crc32_z(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(out.data()), out.size());
        if (crc != e.crc) damaged(e, "its CRC does not match its data");
        return out;
    }

    // Raw deflate (no zlib header) of `in`, at most `room` bytes out. A whole read must reach the
    // stream's end; a prefix only its first bytes.
    std::string inflate_raw(const Entry& e, std::string_view in, std::uint64_t room, bool whole) const {
        z_stream z{};
        if (inflateInit2(&z, -MAX_WBITS) != Z_OK) throw VassalError(fmt::format("{}: zlib could not start inflating", label));
        struct End {
            z_stream& z;
            ~End() { inflateEnd(&z); }
        } end{z};
        std::string out;
        out.resize(static_cast<std::size_t>(std::min<std::uint64_t>({room, whole ? e.size + 1 : room, 1u << 20})));
        std::size_t produced = 0;
        std::size_t consumed = 0;
        constexpr std::size_t chunk = std::numeric_limits<uInt>::max();
        for (;;) {
            if (produced == out.size()) {
                if (out.size() >= room) break;
                out.resize(static_cast<std::size_t>(std::min<std::uint64_t>(room, std::max<std::uint64_t>(out.size() * 2, 1u << 16))));
            }
            z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + consumed));
            z.avail_in = static_cast<uInt>(std::min(chunk, in.size() - consumed));
            z.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
            z.avail_out = static_cast<uInt>(std::min(chunk, out.size() - produced));
            const uInt before_in = z.avail_in, before_out = z.avail_out;
            const int status = inflate(&z, Z_NO_FLUSH);
            consumed += before_in - z.avail_in;
            produced += before_out - z.avail_out;
            if (status == Z_STREAM_END) break;
            if (status == Z_BUF_ERROR && consumed == in.size() && produced < out.size()) damaged(e, "its data end too soon");
            if (status != Z_OK && status != Z_BUF_ERROR)
                damaged(e, z.msg != nullptr ? std::string_view(z.msg) : std::string_view("invalid deflate data"));
        }
        out.resize(produced);
        return out;
    }
};

Archive::Archive(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Archive::Archive(Archive&&) noexcept = default;
Archive& Archive::operator=(Archive&&) noexcept = default;
Archive::~Archive() = default;

bool Archive::looks_like_zip(std::string_view bytes) {
    return bytes.size() >= 4 && bytes[0] == 'P' && bytes[1] == 'K' &&
           ((bytes[2] == '\3' && bytes[3] == '\4') || (bytes[2] == '\5' && bytes[3] == '\6'));
}

std::string read_file_bytes(const std::string& path, std::uint64_t max_bytes) {
    // Only a regular file, opened without blocking: a named pipe or a device is refused (regular_file.hpp).
    const OpenedFile f = open_regular_file(path);
    if (f.fd < 0) throw VassalError(f.kind.empty() ? fmt::format("{}: cannot be opened", path) : fmt::format("{}: is {}, not a file", path, f.kind));
    std::string bytes;
    char buffer[65536];
    bool bad = false;
    for (;;) {
        const ssize_t n = ::read(f.fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) bad = true;
        if (n <= 0) break;
        bytes.append(buffer, static_cast<std::size_t>(n));
        if (bytes.size() > max_bytes) {
            ::close(f.fd);
            throw VassalError(fmt::format("{}: larger than {} bytes: refused", path, max_bytes));
        }
    }
    ::close(f.fd);
    if (bad) throw VassalError(fmt::format("{}: cannot be read", path));
    return bytes;
}

Archive Archive::open(const std::string& path, const ArchiveLimits& limits) {
    return from_bytes(read_file_bytes(path, limits.max_file_bytes), path, limits);
}

Archive Archive::from_bytes(std::string bytes, std::string label, const ArchiveLimits& limits) {
    auto impl = std::make_unique<Impl>();
    impl->label = std::move(label);
    impl->bytes = std::move(bytes);
    impl->limits = limits;
    if (!looks_like_zip(impl->bytes)) throw VassalError(fmt::format("{}: not a ZIP archive", impl->label));
    impl->read_directory();
    return Archive(std::move(impl));
}

const std::string& Archive::label() const { return impl_->label; }
const std::vector<std::string>& Archive::names() const { return impl_->names; }
bool Archive::has(std::string_view name) const { return impl_->index.count(name) != 0; }

std::string Archive::read(std::string_view name) const {
    const auto it = impl_->index.find(name);
    if (it == impl_->index.end()) throw VassalError(fmt::format("{}: no entry '{}'", impl_->label, name));
    return impl_->read_entry(impl_->entries[it->second], impl_->limits.max_entry_bytes, true);
}

std::optional<std::string> Archive::read_prefix(std::string_view name, std::size_t n) const {
    const auto it = impl_->index.find(name);
    if (it == impl_->index.end()) return std::nullopt;
    return impl_->read_entry(impl_->entries[it->second], n, false);
}

}  // namespace referee::vassal
