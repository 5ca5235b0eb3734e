#include "util/PrintableText.h"

#include <fmt/format.h>

namespace tessera {

namespace {

// The length of the valid UTF-8 sequence at `text[i]`, or 0 when it is not one (overlong
// forms, surrogates and code points past U+10FFFF included).
size_t utf8Length(std::string_view text, size_t i)
{
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    size_t length = 0;
    unsigned min = 0;
    unsigned codePoint = 0;
    if (lead < 0x80)
        return 1;
    if ((lead & 0xE0) == 0xC0) {
        length = 2, min = 0x80, codePoint = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3, min = 0x800, codePoint = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4, min = 0x10000, codePoint = lead & 0x07;
    } else {
        return 0;
    }
    if (i + length > text.size())
        return 0;
    for (size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80)
            return 0;
        codePoint = codePoint << 6 | (byte(i + k) & 0x3F);
    }
    if (codePoint < min || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
        return 0;
    if (codePoint >= 0x80 && codePoint <= 0x9F)  // C1 controls, e.g. the one-byte CSI
        return 0;
    return length;
}

// Appends text[i..] up to `limit` output bytes; returns the input bytes consumed.
size_t appendPrintable(std::string& out, std::string_view text, size_t limit)
{
    size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const size_t length = utf8Length(text, i);
        const bool control = length == 1 && (c < 0x20 || c == 0x7F);
        if (length == 0 || control) {
            const std::string escaped = fmt::format("\\x{:02x}", c);
            if (out.size() + escaped.size() > limit)
                break;
            out += escaped;
            ++i;
        } else {
            if (out.size() + length > limit)
                break;
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return i;
}

}  // namespace

std::string printableText(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    appendPrintable(out, text, std::string::npos);
    return out;
}

std::string printableExcerpt(std::string_view text, size_t maxBytes)
{
    std::string out;
    const size_t consumed = appendPrintable(out, text, maxBytes);
    if (consumed < text.size())
        out += fmt::format("… ({} bytes)", text.size());
    return out;
}

}  // namespace tessera
