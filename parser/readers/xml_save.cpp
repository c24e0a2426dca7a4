// The XML save of xml-save.md, read with pugixml into the record model of record.hpp: the checks
// of the text and the parse, then the walk over the save.
//
// Reading rules (see also the comments at each step, and xml_text.hpp, xml_reader.hpp):
// - The text is parsed as UTF-8 whatever its XML declaration says, so that pugixml's offsets are
//   offsets into `text` and every line/column we report is one of the input. pugixml checks neither
//   for NUL bytes nor for invalid UTF-8: both are checked first, and are "syntax" errors.
// - An attribute value of more than kMaxRecordBytes is a "syntax" error (record.hpp).
// - pugixml is asked not to expand entity references; known attributes are decoded here. The five
//   predefined entities and character references are decoded; any other `&name;` (for example one
//   declared in a DOCTYPE, which is never read) and a bare `&` are "syntax" errors. DOCTYPE content is
//   skipped by pugixml and never followed, so entity-expansion attacks expand nothing.
// - The walk is flat: root children, <log> children, <snapshot> children. Unknown elements are
//   reported and never descended into, so nesting depth costs no C++ stack.
// - Positions: a record's line/column is that of the element's '<'. Columns count characters
//   (UTF-8 code points); a UTF-8 byte-order mark is not counted.
#include "readers.hpp"
#include "xml_reader.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

namespace referee {
namespace {

using namespace xml;

// Reads the save into g (see read_xml_save); returns early at an error that ends the reading.
void read_save(std::string_view text, const TextScan& scan, ParseBuffer& buf, Reader& rd, GameRecord& g) {
    // pugixml stops at a NUL byte; XML allows none.
    if (scan.nul != std::string_view::npos) {
        rd.diag(Code::Syntax, rd.index().at(scan.nul), "malformed XML: a NUL byte (the input is not UTF-8 XML text)");
        return;
    }
    // Nor does it check the encoding: a save is UTF-8 (xml-save.md), as a move log is.
    if (scan.non_ascii != std::string_view::npos) {
        if (const std::size_t bad = first_bad_utf8(text, scan.non_ascii); bad != std::string_view::npos) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "%02X", static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
            rd.diag(Code::Syntax, rd.index().at(bad), std::string("malformed XML: invalid UTF-8: byte 0x") + hex);
            return;
        }
    }

    // No parse_escapes (references are decoded per attribute above), no DOCTYPE, comment, PI or
    // declaration nodes; attribute white space normalized as XML says. Parsed in place in our copy of
    // the text, which is what load_buffer would parse in a copy of its own.
    pugi::xml_document doc;
    const unsigned opts = pugi::parse_wconv_attribute | pugi::parse_eol;
    const pugi::xml_parse_result res = doc.load_buffer_inplace(buf.data(), buf.size(), opts, pugi::encoding_utf8);
    if (!res) {
        const std::size_t off = res.offset > 0 ? static_cast<std::size_t>(res.offset) : 0;
        rd.diag(Code::Syntax, rd.index().at(off), std::string("malformed XML: ") + res.description());
        return;
    }

    // Room for the records from the text's size, so that they are not copied as they grow: saves
    // take 55-70 bytes a record; a denser one grows as usual, and capacity never used is memory
    // never touched.
    g.records.reserve(text.size() / 48);
    g.syms_arena.reserve(text.size() / 16);

    const Reader::Elem root = rd.elem(doc.document_element());
    if (!(root.key == kRootDef.key)) {
        rd.diag(Code::Syntax, rd.pos_of(root),
                "expected the root element <referee-save>, found <" + shortened(root.name) + ">");
        return;
    }

    // The root: format="1" scenario="...".
    rd.begin(root, kRootDef);
    std::int64_t format = 0;
    if (rd.has(0) && rd.parse_int(0, rd.raw(0), format) && format != 1)
        rd.error("format " + quoted(rd.raw(0)) + " is not supported (expected format=\"1\")");
    if (!rd.has(0)) rd.error("missing attribute 'format' (expected format=\"1\")");
    if (rd.failed()) return;
    Record game = rd.start_record(Kind::Game);
    game.a = rd.name(1, "a scenario id or path");
    if (!rd.failed()) g.records.push_back(game);

    // Root children in document order: header records go straight to g.records, and so do the
    // <log>'s; header records after the <log> are moved before its records at the end, so header
    // records always come first.
    std::size_t log_begin = 0, log_end = 0;  // the <log>'s records in g.records
    bool have_snapshot = false;
    rd.for_each_element(root.node.first_child(), [&](const Reader::Elem& c) {  // text and CDATA are not part of the format
        if (c.key == kLogDef.key) {
            rd.begin(c, kLogDef);
            if (g.has_log) {
                rd.error("a second <log> element (a save holds at most one)");
                return;
            }
            g.has_log = true;
            log_begin = g.records.size();
            rd.for_each_element(c.node.first_child(), [&](const Reader::Elem& e) {
                const ElemDef* def = find_record_elem(e.key);
                if (!def) {
                    rd.warn_unknown_element(e, "log");
                    return;
                }
                if (!rd.record(e, *def, g.records.emplace_back())) g.records.pop_back();
            });
            log_end = g.records.size();
        } else if (c.key == kSnapshotDef.key) {
            if (have_snapshot) {
                rd.begin(c, kSnapshotDef);
                rd.error("a second <snapshot> element (a save holds at most one)");
                return;
            }
            have_snapshot = true;
            rd.snapshot(c);
        } else if (const ElemDef* def = find_record_elem(c.key); def && (def->where & kInHeader)) {
            if (!rd.record(c, *def, g.records.emplace_back())) g.records.pop_back();
        } else if (def) {
            rd.warn_unknown_element(c, "referee-save", "a log record outside <log>, ignored");
        } else {
            rd.warn_unknown_element(c, "referee-save");
        }
    });
    std::rotate(g.records.begin() + static_cast<std::ptrdiff_t>(log_begin),
                g.records.begin() + static_cast<std::ptrdiff_t>(log_end), g.records.end());

    // Anything after the root element.
    rd.for_each_element(root.node.next_sibling(), [&](const Reader::Elem& c) {
        rd.warn_unknown_element(c, "", "an element after the root element <referee-save>, ignored");
    });
}

}  // namespace

GameRecord read_xml_save(std::string_view text, std::string file) {
    GameRecord g;
    g.file = std::move(file);
    g.format = InputFormat::XmlSave;
    g.has_log = false;
    const TextScan scan = scan_text(text);
    ParseBuffer buf(text);
    Reader rd(g, text, std::min(scan.non_ascii, text.size()), buf);
    read_save(text, scan, buf, rd, g);
    g.last_line = rd.index().line_count();  // last: the positions asked for have counted most lines
    return g;
}

}  // namespace referee
