/// The three Content Fragment Models of a generated package, written as AEM exports them
/// (`/conf/scale/settings/dam/cfm/models/<name>/.content.xml`): adventures reference a guide and contributors
/// (authors), articles an author and adventures, authors a picture.
enum ScaleModels {
    /// One field of a model's dialog.
    struct Field {
        let name: String
        let label: String
        let metaType: String
        let valueType: String
        var allowedModels: [String] = []
        var options: [String] = []
        var required = false
    }

    static let activities = ["Camping", "Cycling", "Hiking", "Rock Climbing", "Skiing", "Surfing", "Social", "Travel"]
    static let adventureTypes = ["Day Trip", "Overnight Trip", "Multi-day Trip"]
    static let difficulties = ["Beginner", "Intermediate", "Advanced", "Expert"]

    /// Every model: name, title, description and fields.
    static let all: [(name: String, title: String, description: String, fields: [Field])] = [
        (
            "adventure", "Adventure", "An adventure sold by the company",
            [
                Field(name: "title", label: "Title", metaType: "text-single", valueType: "string", required: true),
                Field(name: "slug", label: "Slug", metaType: "text-single", valueType: "string", required: true),
                Field(
                    name: "description", label: "Description", metaType: "text-multi", valueType: "string",
                    allowedModels: [ScaleLayout.modelPath("adventure")]),
                Field(
                    name: "activity", label: "Activity", metaType: "enumeration", valueType: "string",
                    options: activities),
                Field(
                    name: "adventureType", label: "Adventure Type", metaType: "enumeration", valueType: "string",
                    options: adventureTypes),
                Field(name: "tripLength", label: "Trip Length", metaType: "text-single", valueType: "string"),
                Field(name: "groupSize", label: "Group Size", metaType: "number", valueType: "long"),
                Field(
                    name: "difficulty", label: "Difficulty", metaType: "enumeration", valueType: "string",
                    options: difficulties),
                Field(name: "price", label: "Price", metaType: "number", valueType: "double"),
                Field(name: "startDate", label: "Start Date", metaType: "date", valueType: "calendar/datetime"),
                Field(
                    name: "primaryImage", label: "Primary Image", metaType: "reference", valueType: "string/reference"),
                Field(name: "itinerary", label: "Itinerary", metaType: "text-multi", valueType: "string"),
                Field(
                    name: "guide", label: "Guide", metaType: "fragment-reference",
                    valueType: "string/content-fragment", allowedModels: [ScaleLayout.modelPath("author")]),
                Field(
                    name: "contributors", label: "Contributors", metaType: "fragment-reference",
                    valueType: "string/content-fragment[]", allowedModels: [ScaleLayout.modelPath("author")]),
            ]
        ),
        (
            "article", "Article", "A magazine article",
            [
                Field(name: "title", label: "Title", metaType: "text-single", valueType: "string", required: true),
                Field(name: "slug", label: "Slug", metaType: "text-single", valueType: "string", required: true),
                Field(name: "main", label: "Main", metaType: "text-multi", valueType: "string"),
                Field(name: "publishDate", label: "Publish Date", metaType: "date", valueType: "calendar/datetime"),
                Field(name: "readingMinutes", label: "Reading Minutes", metaType: "number", valueType: "long"),
                Field(name: "featured", label: "Featured", metaType: "boolean", valueType: "boolean"),
                Field(
                    name: "featuredImage", label: "Featured Image", metaType: "reference",
                    valueType: "string/reference"),
                Field(
                    name: "authorFragment", label: "Author", metaType: "fragment-reference",
                    valueType: "string/content-fragment", allowedModels: [ScaleLayout.modelPath("author")]),
                Field(
                    name: "relatedAdventures", label: "Related Adventures", metaType: "fragment-reference",
                    valueType: "string/content-fragment[]", allowedModels: [ScaleLayout.modelPath("adventure")]),
            ]
        ),
        (
            "author", "Author", "A writer or guide",
            [
                Field(name: "firstName", label: "First Name", metaType: "text-single", valueType: "string"),
                Field(name: "lastName", label: "Last Name", metaType: "text-single", valueType: "string"),
                Field(name: "slug", label: "Slug", metaType: "text-single", valueType: "string", required: true),
                Field(name: "biography", label: "Biography", metaType: "text-multi", valueType: "string"),
                Field(
                    name: "profilePicture", label: "Profile Picture", metaType: "reference",
                    valueType: "string/reference"),
            ]
        ),
    ]

    /// The model's `.content.xml`; dialog items are named by a creation time, as AEM names them.
    static func xml(title: String, description: String, fields: [Field]) -> String {
        var items = ""
        for (index, field) in fields.enumerated() {
            let node = "_x0031_7000000000" + ScaleLayout.zeroPadded(index, width: 2)
            var attributes =
                "jcr:primaryType=\"nt:unstructured\" fieldLabel=\"\(DocView.xml(field.label))\" "
                + "listOrder=\"\(index + 1)\" metaType=\"\(field.metaType)\" name=\"\(field.name)\" "
                + "valueType=\"\(field.valueType)\""
            if !field.allowedModels.isEmpty {
                attributes += " fragmentmodelreference=\"\(DocView.strings(field.allowedModels))\""
            }
            if field.required { attributes += " required=\"on\"" }
            if field.options.isEmpty {
                items += "<\(node) \(attributes)/>\n"
            } else {
                items += "<\(node) \(attributes)><optionsmultifield jcr:primaryType=\"nt:unstructured\">"
                for (option, value) in field.options.enumerated() {
                    let text = DocView.xml(value)
                    items +=
                        "<item\(option) jcr:primaryType=\"nt:unstructured\" fieldLabel=\"\(text)\" fieldValue=\"\(text)\"/>"
                }
                items += "</optionsmultifield></\(node)>\n"
            }
        }
        return DocView.header
            + "<jcr:root \(DocView.namespaces) jcr:primaryType=\"cq:Template\" ranking=\"{Long}100\">\n"
            + "<jcr:content jcr:primaryType=\"cq:PageContent\" jcr:title=\"\(DocView.xml(title))\" "
            + "jcr:description=\"\(DocView.xml(description))\" "
            + "cq:templateType=\"/libs/settings/dam/cfm/model-types/fragment\">\n"
            + "<model jcr:primaryType=\"cq:PageContent\"><cq:dialog jcr:primaryType=\"nt:unstructured\">"
            + "<content jcr:primaryType=\"nt:unstructured\"><items jcr:primaryType=\"nt:unstructured\">\n"
            + items + "</items></content></cq:dialog></model></jcr:content></jcr:root>\n"
    }
}
