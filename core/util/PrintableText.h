#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tessera {

// Text from a hostile file or argument, made safe to print on a terminal or in a dialog:
// control bytes (C0, DEL, and C1 as UTF-8 encodes them) and bytes that are not valid UTF-8
// become `\xNN`, so an escape sequence in a bad value cannot drive the user's terminal.
std::string printableText(std::string_view text);

// printableText of at most `maxBytes` of `text` (cut at a character boundary), followed by
// "… (N bytes)" when it was cut, so a 10 MB bad line yields one short message.
std::string printableExcerpt(std::string_view text, size_t maxBytes = 120);

}  // namespace tessera
