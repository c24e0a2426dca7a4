// Dice rolled in a VASSAL file, read from what the module's dice buttons write (the shared FORMAT.md
// §6, docs/vassal.md "Dice"): a chat line made with a button's report format, or the button's
// `<name>_result` property set through a MutableProperty command. Without a module, VASSAL's
// default report format ("** $name$ = $result$ *** <$playerName$>") is the only one known.
#pragma once

#include "commands.hpp"
#include "module.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {

struct DiceRoll {
    std::string button;                  // the button's name ($name$, else the button whose format matched)
    std::optional<std::string> player;   // the report's $playerName$, when its format has one
    std::string result;                  // $result$ (or the property's value) as VASSAL wrote it
    int sides = 0;                       // the die size; 0 when unknown (a special button, no module)
    // Each die's face, 1..sides, when the result gives them (a list of the dice, or a lone die's
    // total): empty when it gives only a total of several dice, or values a fair die cannot show.
    std::vector<int> faces;
    std::optional<long long> total;      // the roll's total as reported (the sum of a list), when numeric
};

class DiceReader {
public:
    // `module` null: VASSAL's default report format only, and a button named like "2d6" or "d6" is
    // taken to roll that many dice of that size. The module must outlive the reader.
    explicit DiceReader(const Module* module);

    // A chat line's text (after "CHAT"): the roll, when one of the buttons' formats made it.
    std::optional<DiceRoll> from_chat(std::string_view chat) const;
    // A MutableProperty `<button>_result`: the roll it records (no player), else none.
    std::optional<DiceRoll> from_property(const PropertyChange& change) const;

private:
    struct Button {
        const DiceButton* def = nullptr;   // null: VASSAL's default format, without a module
        std::string format;                // normalized (normalize_report_text)
    };
    std::optional<DiceRoll> read(const DiceButton* def, std::string name, std::string result) const;

    const Module* module_ = nullptr;
    std::vector<Button> buttons_;
};

}  // namespace referee::vassal
