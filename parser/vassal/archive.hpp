// A ZIP archive read in memory (the container walked here, the data inflated by zlib), never
// written to disk: a VASSAL save or log (`savedGame`, `savedata`, `moduledata`) or a module
// (`buildFile.xml`/`buildFile`, `images/...`).
// Hostile archives are refused within bounded memory and time (docs/vassal.md, "Limits"): too many
// entries, an entry larger than the limit or compressed more than the limit's ratio, a name that
// climbs out with "../" or is absolute. Sizes are taken from the central directory (writers set
// general-purpose bit 3) and checked again while inflating, so a directory that lies stops at the
// limit too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {

struct ArchiveLimits {
    std::size_t max_entries = 20000;                 // a module with its images: a few thousand
    std::uint64_t max_entry_bytes = 256ull << 20;    // the largest real savedGame is 14 MB
    std::uint64_t max_ratio = 500;                   // uncompressed / compressed, for entries over 4 MiB
                                                     // (real saves: 5 to 43; deflate at most ~1,030)
    std::uint64_t max_file_bytes = 1ull << 30;       // the archive itself
};

class Archive {
public:
    // Reads the file at `path` (its name is used in messages). Throws VassalError when the file
    // cannot be read, is not a ZIP archive, or breaks a limit.
    static Archive open(const std::string& path, const ArchiveLimits& limits = {});
    // The same on bytes already in memory (tests, the fuzzer); `label` names them in messages.
    static Archive from_bytes(std::string bytes, std::string label, const ArchiveLimits& limits = {});
    // True when `bytes` begin as a ZIP archive does ("PK\3\4", or an empty archive's "PK\5\6").
    static bool looks_like_zip(std::string_view bytes);

    Archive(Archive&&) noexcept;
    Archive& operator=(Archive&&) noexcept;
    ~Archive();

    const std::string& label() const;
    const std::vector<std::string>& names() const;   // the entries, in the directory's order
    bool has(std::string_view name) const;
    // The whole entry; throws VassalError when it is absent or breaks a limit.
    std::string read(std::string_view name) const;
    // At most the first `n` bytes of the entry (image headers); none when the entry is absent.
    std::optional<std::string> read_prefix(std::string_view name, std::size_t n) const;

private:
    struct Impl;
    explicit Archive(std::unique_ptr<Impl>);
    std::unique_ptr<Impl> impl_;
};

// The file's bytes (up to limits.max_file_bytes); throws VassalError naming the file otherwise.
std::string read_file_bytes(const std::string& path, std::uint64_t max_bytes);

}  // namespace referee::vassal
