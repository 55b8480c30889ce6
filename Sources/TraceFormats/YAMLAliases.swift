// libyaml as Yams builds it (its `CYaml` target), for its scanner: Yams has no API that sees an alias
// before it is expanded.
import CYaml
import SystemCalls

/// Finds YAML aliases (`*name`) before Yams composes a document.
///
/// Yams composes an alias as the node its anchor names, shared; but hashing or comparing that node (as
/// Yams does with the keys of every mapping) walks it in full, and anchors that name lists of aliases of
/// other anchors make a document of a few hundred bytes stand for 10⁹ nodes. libinput record writes no
/// aliases, so the reader refuses them.
enum YAMLAliases {
    /// The deepest nesting of flow collections (`[`, `{`) scanned: libyaml's parser, under Yams, refuses any
    /// deeper than this (its `MAX_NESTING_LEVEL`, "Maximum nesting level reached"), but its scanner looks at
    /// every open flow collection for each token, so scanning a flow nested deeper takes time quadratic in
    /// the depth (a line of 500,000 `[` took minutes).
    static let deepestFlow = 1000

    /// The first alias of `text`: its 1-based line and its name. Nil when there is none, or when the text
    /// stops scanning before one (a syntax error, or flow collections nested deeper than `deepestFlow`,
    /// which Yams then reports as usual).
    ///
    /// A scan of the tokens only (no nodes are built): work and memory linear in the text's length.
    static func first(in text: String) -> (line: Int, name: String)? {
        var text = text
        return text.withUTF8 { bytes -> (line: Int, name: String)? in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, bytes.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var token = yaml_token_t()
            var flowDepth = 0
            while yaml_parser_scan(&parser, &token) == 1 {
                defer { yaml_token_delete(&token) }
                switch token.type {
                case YAML_ALIAS_TOKEN:
                    let name = token.data.alias.value.map { String(cString: $0) } ?? ""
                    return (Int(token.start_mark.line) + 1, name)
                case YAML_STREAM_END_TOKEN:
                    return nil
                case YAML_FLOW_SEQUENCE_START_TOKEN, YAML_FLOW_MAPPING_START_TOKEN:
                    flowDepth += 1
                    if flowDepth > deepestFlow { return nil }
                case YAML_FLOW_SEQUENCE_END_TOKEN, YAML_FLOW_MAPPING_END_TOKEN:
                    flowDepth -= 1
                default:
                    continue
                }
            }
            return nil
        }
    }
}
