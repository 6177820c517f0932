/// Types an app may well declare itself, with the names of library types the generated files use:
/// the generated files in this target must compile beside them (they name library types with
/// their module).
struct RichText {}
struct ImageReference {}
struct GraphQLObjectHead {}
