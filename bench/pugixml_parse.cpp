// referee_pugixml_parse FILE: pugixml's own parse of a file and nothing else, the reference program of
// bench/versus for `referee check` of an XML save (docs/performance.md, "Side by side").
//
// The file is read in one fread into a buffer of its size and parsed where it lies with
// xml_document::load_buffer_inplace and the default options (parse_default, encoding_auto). In place,
// because that is pugixml's fastest honest parse of a file: load_buffer would copy the text into a
// buffer of its own first, and referee's reader itself parses a zero-padded copy in place, so the
// reference does no more than referee's read must. The number of elements directly under the root
// element is printed, so that the parse is used; counting them walks one short list of siblings (a
// save's root holds its tags, players, units, log and snapshot, the records being under <log>), which
// adds nothing measurable to the parse.
// Exit status 0, or 2 with a message when the file cannot be read or is not well-formed XML.
#include <pugixml.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: referee_pugixml_parse FILE\n");
        return 2;
    }
    std::FILE* f = std::fopen(argv[1], "rb");
    if (f == nullptr) {
        std::fprintf(stderr, "referee_pugixml_parse: %s: %s\n", argv[1], std::strerror(errno));
        return 2;
    }
    long size = -1;
    if (std::fseek(f, 0, SEEK_END) == 0) size = std::ftell(f);
    if (size < 0 || std::fseek(f, 0, SEEK_SET) != 0) {
        std::fprintf(stderr, "referee_pugixml_parse: %s: cannot find its size\n", argv[1]);
        std::fclose(f);
        return 2;
    }
    const auto n = static_cast<std::size_t>(size);
    std::unique_ptr<char[]> text(new char[n == 0 ? 1 : n]);
    const std::size_t got = std::fread(text.get(), 1, n, f);
    std::fclose(f);
    if (got != n) {
        std::fprintf(stderr, "referee_pugixml_parse: %s: read %zu of %zu bytes\n", argv[1], got, n);
        return 2;
    }
    pugi::xml_document doc;
    const pugi::xml_parse_result r = doc.load_buffer_inplace(text.get(), n);
    if (!r) {
        std::fprintf(stderr, "referee_pugixml_parse: %s: byte %td: %s\n", argv[1], r.offset, r.description());
        return 2;
    }
    std::size_t elements = 0;
    for (pugi::xml_node c = doc.document_element().first_child(); c; c = c.next_sibling())
        if (c.type() == pugi::node_element) ++elements;
    std::printf("%zu\n", elements);
    return 0;
}
