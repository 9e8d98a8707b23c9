import Waypoint

/// The JSON Schema (draft 2020-12) of the document format, for editors and external tools.
///
/// `waypoint schema` prints ``text``. Point an editor at it (or put its location in a document's `"$schema"`
/// key) to get completion and checking while typing. The schema says what `WaypointDocument.validate(_:)`
/// checks field by field; graph problems (unknown targets, cycles…) are beyond what a schema can express and
/// are found by `WaypointDocument.lint(source:)`.
public enum DocumentSchema {
    /// The schema's `$id`.
    public static let id = "urn:waypoint:document:schema-version-1"

    /// The schema as JSON text.
    public static let text = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "urn:waypoint:document:schema-version-1",
      "title": "Waypoint document",
      "description": "Onboarding flows, walkthroughs and experiments (schemaVersion 1).",
      "type": "object",
      "additionalProperties": false,
      "required": ["schemaVersion"],
      "properties": {
        "$schema": { "type": "string", "description": "Where editors find this schema." },
        "schemaVersion": { "const": 1, "description": "The version of the format; always 1." },
        "defaultLocale": {
          "$ref": "#/$defs/locale",
          "description": "The locale shown when the user's is missing from a localized text; required when the document has one."
        },
        "flows": { "type": "array", "items": { "$ref": "#/$defs/flow" } },
        "walkthroughs": { "type": "array", "items": { "$ref": "#/$defs/walkthrough" } },
        "experiments": { "type": "array", "items": { "$ref": "#/$defs/experiment" } }
      },
      "$defs": {
        "id": {
          "type": "string",
          "pattern": "^[A-Za-z0-9._-]+$",
          "description": "A non-empty string of letters, digits, '.', '_' and '-'."
        },
        "condition": {
          "type": "object",
          "description": "A GrowthBook condition over the user's attributes, such as {\"country\": {\"$in\": [\"US\", \"CA\"]}}."
        },
        "locale": {
          "type": "string",
          "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$",
          "description": "A BCP 47 locale tag such as \"en\", \"de\" or \"pt-BR\"."
        },
        "localizedText": {
          "type": "object",
          "additionalProperties": false,
          "required": ["$text"],
          "description": "One string per locale; the user's locale is shown, falling back by truncation (pt-BR, then pt) and then to the document's defaultLocale, which every localized text has.",
          "properties": {
            "$text": {
              "type": "object",
              "minProperties": 1,
              "propertyNames": { "$ref": "#/$defs/locale" },
              "additionalProperties": { "type": "string" }
            }
          }
        },
        "text": {
          "description": "A non-empty string, or a localized text.",
          "anyOf": [{ "type": "string", "minLength": 1 }, { "$ref": "#/$defs/localizedText" }]
        },
        "content": {
          "type": "object",
          "description": "What the step's screen shows: strings (or localized texts), numbers, booleans, arrays and objects of those.",
          "propertyNames": { "pattern": "^[^$]" },
          "additionalProperties": { "$ref": "#/$defs/contentValue" }
        },
        "contentPatch": {
          "type": "object",
          "description": "Merged into the step's content key by key: the keys given replace the step's, null removes one, the others stay.",
          "propertyNames": { "pattern": "^[^$]" },
          "additionalProperties": { "anyOf": [{ "type": "null" }, { "$ref": "#/$defs/contentValue" }] }
        },
        "contentValue": {
          "anyOf": [
            { "type": "string" },
            { "type": "number" },
            { "type": "boolean" },
            { "type": "array", "items": { "$ref": "#/$defs/contentValue" } },
            { "$ref": "#/$defs/localizedText" },
            { "$ref": "#/$defs/content" }
          ]
        },
        "outcomes": {
          "type": "object",
          "description": "Where each outcome leads: a step id or \"$complete\". Without it, `next` leads to the following step.",
          "propertyNames": { "$ref": "#/$defs/id", "not": { "const": "back" } },
          "additionalProperties": {
            "anyOf": [{ "$ref": "#/$defs/id" }, { "const": "$complete" }]
          }
        },
        "flow": {
          "type": "object",
          "additionalProperties": false,
          "required": ["id", "steps"],
          "properties": {
            "id": { "$ref": "#/$defs/id" },
            "version": { "type": "integer", "minimum": 1, "default": 1 },
            "start": { "$ref": "#/$defs/id", "description": "The first step; default: the first in the list." },
            "experiment": { "$ref": "#/$defs/id", "description": "The experiment this entry is a variation of." },
            "variation": { "$ref": "#/$defs/id", "description": "The variation of the experiment this entry is used for." },
            "steps": { "type": "array", "items": { "$ref": "#/$defs/flowStep" } }
          },
          "dependentRequired": { "experiment": ["variation"], "variation": ["experiment"] }
        },
        "flowStep": {
          "type": "object",
          "additionalProperties": false,
          "required": ["id"],
          "properties": {
            "id": { "$ref": "#/$defs/id" },
            "screen": { "type": "string", "minLength": 1, "description": "The screen that presents the step; default: the id." },
            "on": { "$ref": "#/$defs/outcomes" },
            "when": { "$ref": "#/$defs/condition", "description": "The step is entered only when this holds; otherwise it is skipped." },
            "subflow": { "$ref": "#/$defs/id", "description": "Another flow of the document, run in place of a screen." },
            "content": { "$ref": "#/$defs/content" }
          },
          "allOf": [{ "not": { "required": ["screen", "subflow"] } }, { "not": { "required": ["content", "subflow"] } }]
        },
        "walkthrough": {
          "type": "object",
          "additionalProperties": false,
          "required": ["id", "steps"],
          "properties": {
            "id": { "$ref": "#/$defs/id" },
            "version": { "type": "integer", "minimum": 1, "default": 1 },
            "maxDisplayCount": { "type": "integer", "minimum": 1, "description": "How many times the walkthrough may be started." },
            "when": { "$ref": "#/$defs/condition" },
            "experiment": { "$ref": "#/$defs/id" },
            "variation": { "$ref": "#/$defs/id" },
            "steps": { "type": "array", "items": { "$ref": "#/$defs/walkthroughStep" } }
          },
          "dependentRequired": { "experiment": ["variation"], "variation": ["experiment"] }
        },
        "walkthroughStep": {
          "type": "object",
          "additionalProperties": false,
          "required": ["id", "targetElementId", "tooltipText"],
          "properties": {
            "id": { "$ref": "#/$defs/id" },
            "targetElementId": { "$ref": "#/$defs/id" },
            "highlightShape": { "$ref": "#/$defs/highlightShape" },
            "tooltipText": { "$ref": "#/$defs/text" },
            "tooltipPosition": { "enum": ["above", "below", "auto"], "default": "auto" },
            "completionTrigger": { "$ref": "#/$defs/completionTrigger" },
            "canSkip": { "type": "boolean", "default": true },
            "when": { "$ref": "#/$defs/condition" },
            "targetTimeout": {
              "type": "number", "minimum": 0,
              "description": "Seconds to wait for the target before the step is skipped as Target Not Found; default: wait for ever."
            }
          }
        },
        "highlightShape": {
          "description": "The cutout around the target; default: a rectangle with square corners.",
          "oneOf": [
            {
              "type": "object",
              "additionalProperties": false,
              "required": ["type"],
              "properties": {
                "type": { "const": "circle" },
                "padding": { "type": "number", "minimum": 0, "default": 8 }
              }
            },
            {
              "type": "object",
              "additionalProperties": false,
              "required": ["type"],
              "properties": {
                "type": { "const": "rectangle" },
                "cornerRadius": { "type": "number", "minimum": 0, "default": 0 },
                "padding": { "type": "number", "minimum": 0, "default": 8 }
              }
            }
          ]
        },
        "completionTrigger": {
          "description": "What completes the step; default: the tooltip's own button.",
          "oneOf": [
            {
              "type": "object", "additionalProperties": false, "required": ["type", "elementId"],
              "properties": { "type": { "const": "tap" }, "elementId": { "$ref": "#/$defs/id" } }
            },
            {
              "type": "object", "additionalProperties": false, "required": ["type", "direction"],
              "properties": { "type": { "const": "swipe" }, "direction": { "enum": ["left", "right", "up", "down"] } }
            },
            {
              "type": "object", "additionalProperties": false, "required": ["type", "seconds"],
              "properties": { "type": { "const": "timer" }, "seconds": { "type": "number", "minimum": 0 } }
            },
            {
              "type": "object", "additionalProperties": false, "required": ["type", "name"],
              "properties": { "type": { "const": "event" }, "name": { "type": "string", "minLength": 1 } }
            },
            {
              "type": "object", "additionalProperties": false, "required": ["type"],
              "properties": { "type": { "const": "button" } }
            }
          ]
        },
        "experiment": {
          "type": "object",
          "additionalProperties": false,
          "required": ["key", "variations"],
          "properties": {
            "key": { "$ref": "#/$defs/id" },
            "variations": { "type": "array", "minItems": 2, "items": { "$ref": "#/$defs/id" } },
            "weights": { "type": "array", "items": { "type": "number", "minimum": 0, "maximum": 1 } },
            "coverage": { "type": "number", "minimum": 0, "maximum": 1, "default": 1 },
            "hashAttribute": { "type": "string", "minLength": 1, "default": "id" },
            "hashVersion": { "enum": [1, 2], "default": 2 },
            "seed": { "type": "string" },
            "namespace": {
              "type": "array",
              "prefixItems": [
                { "$ref": "#/$defs/id" },
                { "type": "number", "minimum": 0, "maximum": 1 },
                { "type": "number", "minimum": 0, "maximum": 1 }
              ],
              "minItems": 3,
              "maxItems": 3
            },
            "condition": { "$ref": "#/$defs/condition" },
            "active": { "type": "boolean", "default": true },
            "goal": {
              "$ref": "#/$defs/goal",
              "description": "The primary goal; reports default to it, and to $complete without it."
            },
            "guardrails": {
              "type": "array",
              "items": { "$ref": "#/$defs/goal" },
              "description": "Goals that must not get worse, such as [\"$complete\"] on a paywall test."
            },
            "minimumDetectableEffect": {
              "type": "number", "exclusiveMinimum": 0, "maximum": 1, "default": 0.1,
              "description": "The smallest relative effect worth detecting (0.1 is 10%); it decides how many users a test needs."
            },
            "hypothesis": { "type": "string", "description": "What the team expects and why, in words." },
            "changes": {
              "type": "object",
              "description": "The changes each variation makes to steps, by variation; a variation without changes sees the document as written.",
              "propertyNames": { "$ref": "#/$defs/id" },
              "additionalProperties": {
                "type": "array",
                "items": { "oneOf": [{ "$ref": "#/$defs/flowChange" }, { "$ref": "#/$defs/walkthroughChange" }] }
              }
            }
          }
        },
        "goal": {
          "type": "string",
          "pattern": "^(\\$complete|[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*(:[A-Za-z0-9._-]+)?)$",
          "description": "$complete (the flow completed), STEP (the step viewed; a subflow's step as sub/inner) or STEP:OUTCOME (the step completed with that outcome)."
        },
        "flowChange": {
          "type": "object",
          "additionalProperties": false,
          "required": ["flow", "step", "set"],
          "description": "Replaces whole fields of one step of a flow (a subflow's step under the subflow's own flow id); content is merged key by key.",
          "properties": {
            "flow": { "$ref": "#/$defs/id" },
            "step": { "$ref": "#/$defs/id" },
            "set": { "$ref": "#/$defs/flowStepChange" }
          }
        },
        "flowStepChange": {
          "type": "object",
          "additionalProperties": false,
          "minProperties": 1,
          "properties": {
            "screen": { "type": "string", "minLength": 1 },
            "content": { "$ref": "#/$defs/contentPatch" },
            "when": { "$ref": "#/$defs/condition" },
            "on": { "$ref": "#/$defs/outcomes" },
            "skip": { "type": "boolean", "description": "true: the step is skipped in this variation, as if its `when` were false." }
          }
        },
        "walkthroughChange": {
          "type": "object",
          "additionalProperties": false,
          "required": ["walkthrough", "step", "set"],
          "description": "Replaces whole fields of one step of a walkthrough.",
          "properties": {
            "walkthrough": { "$ref": "#/$defs/id" },
            "step": { "$ref": "#/$defs/id" },
            "set": { "$ref": "#/$defs/walkthroughStepChange" }
          }
        },
        "walkthroughStepChange": {
          "type": "object",
          "additionalProperties": false,
          "minProperties": 1,
          "properties": {
            "tooltipText": { "$ref": "#/$defs/text" },
            "tooltipPosition": { "enum": ["above", "below", "auto"] },
            "highlightShape": { "$ref": "#/$defs/highlightShape" },
            "completionTrigger": { "$ref": "#/$defs/completionTrigger" },
            "canSkip": { "type": "boolean" },
            "when": { "$ref": "#/$defs/condition" },
            "targetElementId": { "$ref": "#/$defs/id" }
          }
        }
      }
    }
    """#
}
