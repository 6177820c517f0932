/// Why no code was generated: the schema or the query text does not parse, or the query does not
/// validate against the schema. Each problem names its line and column (1-based), as AEM reports
/// them, and the description reads `<source>:<line>:<column>: <message>`, one problem a line.
public struct CodegenError: Error, Sendable, CustomStringConvertible {
    /// One problem, where it is.
    public struct Problem: Sendable, Hashable {
        public var message: String
        public var line: Int?
        public var column: Int?

        public init(message: String, line: Int? = nil, column: Int? = nil) {
            self.message = message
            self.line = line
            self.column = column
        }
    }

    /// What the problems are in.
    public enum Subject: String, Sendable {
        case schema, query
    }

    public var subject: Subject
    /// The name of the text the lines and columns refer to (a query path or a file name).
    public var sourceName: String
    public var problems: [Problem]

    public init(subject: Subject, sourceName: String, problems: [Problem]) {
        self.subject = subject
        self.sourceName = sourceName
        self.problems = problems
    }

    public var description: String {
        problems.map { problem in
            var place = sourceName
            if let line = problem.line { place += ":\(line)" + (problem.column.map { ":\($0)" } ?? "") }
            return "\(place): \(problem.message)"
        }.joined(separator: "\n")
    }
}
