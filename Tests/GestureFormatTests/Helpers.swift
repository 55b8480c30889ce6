/// `value` in decimal, left-padded with zeros to `width` digits (for non-negative values).
func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
