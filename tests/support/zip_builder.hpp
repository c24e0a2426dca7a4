// ZIP archives built in memory for the tests of parser/vassal (tests/parser/vassal/): libzip writes
// to a buffer source, and the bytes are read back from it; nothing touches the disk. An entry is
// given as bytes, or as a count of zero bytes produced on demand (a ZIP bomb without holding its
// inflated size in memory).
#pragma once

#include <zip.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace referee::test {

class ZipBuilder {
public:
    enum class Method { stored, deflated };

    ZipBuilder& add(std::string name, std::string data, Method method = Method::deflated) {
        entries_.push_back({std::move(name), std::move(data), 0, method});
        return *this;
    }
    // An entry of `count` zero bytes, deflated as it is written (never held in memory).
    ZipBuilder& add_zeros(std::string name, std::uint64_t count) {
        entries_.push_back({std::move(name), {}, count, Method::deflated});
        return *this;
    }

    // The archive's bytes.
    std::string bytes() {
        zip_error_t error;
        zip_error_init(&error);
        zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
        if (buffer == nullptr) throw std::runtime_error(zip_error_strerror(&error));
        zip_source_keep(buffer);   // zip_close frees the archive, not the buffer
        zip_t* zip = zip_open_from_source(buffer, ZIP_CREATE | ZIP_TRUNCATE, &error);
        if (zip == nullptr) {
            zip_source_free(buffer);
            throw std::runtime_error(zip_error_strerror(&error));
        }
        std::vector<Zeros> zeros;
        zeros.reserve(entries_.size());
        for (Entry& e : entries_) {
            zip_source_t* s = nullptr;
            if (e.zeros != 0) {
                zeros.push_back({e.zeros, 0, {}});
                zip_error_init(&zeros.back().error);
                s = zip_source_function(zip, &Zeros::callback, &zeros.back());
            } else {
                s = zip_source_buffer(zip, e.data.data(), e.data.size(), 0);
            }
            if (s == nullptr) throw std::runtime_error(zip_strerror(zip));
            // The name's bytes as they are: UTF-8 when they are, otherwise taken for CP437.
            const zip_int64_t index = zip_file_add(zip, e.name.c_str(), s, ZIP_FL_ENC_GUESS);
            if (index < 0) {
                zip_source_free(s);
                throw std::runtime_error(std::string("zip_file_add ") + e.name + ": " + zip_strerror(zip));
            }
            zip_set_file_compression(zip, static_cast<zip_uint64_t>(index),
                                     e.method == Method::stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 0);
            // A fixed date (2026-01-01 12:00, DOS format, free of the time zone), not the time of
            // writing: the same entries always make the same bytes (samples/vassal is compared).
            zip_file_set_dostime(zip, static_cast<zip_uint64_t>(index), (12u << 11), ((2026u - 1980u) << 9) | (1u << 5) | 1u, 0);
        }
        if (zip_close(zip) != 0) {
            std::string why = zip_strerror(zip);
            zip_discard(zip);
            zip_source_free(buffer);
            throw std::runtime_error("zip_close: " + why);
        }
        std::string out;
        if (zip_source_open(buffer) != 0) throw std::runtime_error("zip_source_open");
        char chunk[65536];
        for (;;) {
            const zip_int64_t got = zip_source_read(buffer, chunk, sizeof chunk);
            if (got < 0) throw std::runtime_error("zip_source_read");
            if (got == 0) break;
            out.append(chunk, static_cast<std::size_t>(got));
        }
        zip_source_close(buffer);
        zip_source_free(buffer);
        return out;
    }

private:
    struct Entry {
        std::string name, data;
        std::uint64_t zeros;
        Method method;
    };
    struct Zeros {
        std::uint64_t total, at;
        zip_error_t error;
        static zip_int64_t callback(void* user, void* data, zip_uint64_t len, zip_source_cmd_t cmd) {
            auto* z = static_cast<Zeros*>(user);
            switch (cmd) {
                case ZIP_SOURCE_OPEN: z->at = 0; return 0;
                case ZIP_SOURCE_READ: {
                    const zip_uint64_t n = std::min<zip_uint64_t>(len, z->total - z->at);
                    std::memset(data, 0, n);
                    z->at += n;
                    return static_cast<zip_int64_t>(n);
                }
                case ZIP_SOURCE_CLOSE: return 0;
                case ZIP_SOURCE_STAT: {
                    auto* st = static_cast<zip_stat_t*>(data);
                    zip_stat_init(st);
                    st->size = z->total;
                    st->valid |= ZIP_STAT_SIZE;
                    return sizeof(zip_stat_t);
                }
                case ZIP_SOURCE_ERROR: return zip_error_to_data(&z->error, data, len);
                case ZIP_SOURCE_FREE: return 0;
                case ZIP_SOURCE_SUPPORTS:
                    return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT,
                                                          ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, -1);
                default: zip_error_set(&z->error, ZIP_ER_OPNOTSUPP, 0); return -1;
            }
        }
    };
    std::vector<Entry> entries_;
};

// The ZIP's little-endian fields, for patching the bytes libzip wrote.
inline std::uint32_t get32(std::string_view b, std::size_t at) {
    return std::uint32_t(std::uint8_t(b[at])) | std::uint32_t(std::uint8_t(b[at + 1])) << 8 |
           std::uint32_t(std::uint8_t(b[at + 2])) << 16 | std::uint32_t(std::uint8_t(b[at + 3])) << 24;
}
inline void put32(std::string& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}
// The offset of the central directory header of the entry named `name` ("PK\1\2"), or npos.
inline std::size_t central_header(std::string_view b, std::string_view name) {
    for (std::size_t at = b.find("PK\1\2"); at != std::string_view::npos; at = b.find("PK\1\2", at + 4)) {
        if (at + 46 > b.size()) break;
        const std::size_t len = std::uint8_t(b[at + 28]) | std::size_t(std::uint8_t(b[at + 29])) << 8;
        if (b.substr(at + 46, len) == name) return at;
    }
    return std::string_view::npos;
}
constexpr std::size_t kCentralCrc = 16, kCentralCompSize = 20, kCentralSize = 24;   // field offsets
constexpr std::size_t kLocalCrc = 14, kLocalCompSize = 18, kLocalSize = 22;

}  // namespace referee::test
