.pragma library

// Where a wrapped name may break. Paths, file names and policy specs have no spaces, so a label
// that wraps them breaks anywhere: "/T essera", "gpushare4 0", "pwr:100,fgd: 900". A zero-width
// space after each separator lets the wrap fall between a name's parts instead, keeping every
// part whole (the digits that tell two traces apart, a whole policy term).
function atSeparators(text) {
    return String(text).replace(/([\/_,])/g, "$1\u200B")
}
