//! `/openapi.json`: what the sandbox implements, for integrators and schema-driven test tools.

use axum::Json;
use serde_json::{Value, json};

/// (method, path, summary, query parameters, success status)
const OPERATIONS: &[(&str, &str, &str, &[&str], u16)] = &[
    (
        "get",
        "/v3/Search/",
        "Search individuals",
        &[
            "PortalId",
            "ListId",
            "PageNumber",
            "PageSize",
            "q",
            "FirstName",
            "LastName",
            "IndividualTypeId",
        ],
        200,
    ),
    (
        "get",
        "/v3/Case/",
        "Read a case",
        &["PortalId", "CaseNumber", "IndividualId"],
        200,
    ),
    (
        "post",
        "/v3/Individual",
        "Create individuals",
        &["PortalId"],
        200,
    ),
    (
        "get",
        "/v3/Address",
        "Read addresses",
        &["PortalId", "IndividualId", "AddressId"],
        200,
    ),
    (
        "get",
        "/v3/Activity",
        "Read activities",
        &[
            "PortalId",
            "IndividualId",
            "PageSize",
            "PageNumber",
            "Filter",
            "DateUpdatedStart",
            "DateUpdatedEnd",
            "DateCompletedStart",
            "DateCompletedEnd",
        ],
        200,
    ),
    (
        "post",
        "/v3/Activity",
        "Create activities",
        &["PortalId"],
        201,
    ),
    (
        "get",
        "/v3/Community",
        "Read communities",
        &["PortalId"],
        200,
    ),
    (
        "get",
        "/v3/Unit",
        "Read units",
        &["PortalId", "CommunityId"],
        200,
    ),
    ("post", "/v3/Unit", "Create units", &["PortalId"], 200),
    (
        "get",
        "/v3/HousingContract",
        "Read housing contracts",
        &[
            "PortalId",
            "IndividualId",
            "CaseNumber",
            "UnitId",
            "Id",
            "CommunityId",
        ],
        200,
    ),
    (
        "post",
        "/v3/HousingContract",
        "Create a housing contract",
        &["PortalId"],
        201,
    ),
    (
        "get",
        "/v3/Transaction/",
        "Read transactions",
        &[
            "PortalId",
            "Id",
            "IndividualId",
            "HousingContractId",
            "UnitId",
            "CampaignId",
            "TransactionTypeId",
        ],
        200,
    ),
    (
        "get",
        "/v3/Type",
        "Read a type list",
        &[
            "PortalId",
            "Type",
            "MasterId",
            "Id",
            "Search",
            "Limit",
            "CommunityId",
        ],
        200,
    ),
    (
        "get",
        "/v3/Campaign/",
        "Read campaigns",
        &["Portalid", "CampaignId", "Search"],
        200,
    ),
    (
        "get",
        "/v3/CampaignIndividual",
        "Read campaign individuals",
        &["PortalId", "CampaignId"],
        200,
    ),
    (
        "post",
        "/v3/CampaignIndividual",
        "Add individuals to a campaign",
        &["PortalId"],
        201,
    ),
    (
        "get",
        "/v3/User",
        "Read users",
        &["PortalId", "q", "Id"],
        200,
    ),
    ("post", "/v3/user", "Create users", &["PortalId"], 200),
    (
        "get",
        "/v3/admission",
        "Read admission requirements",
        &["CaseId", "CommunityId"],
        200,
    ),
    (
        "put",
        "/v3/admission/{AdmissionMetId}",
        "Update an admission requirement",
        &[],
        200,
    ),
    (
        "put",
        "/v3/plugin",
        "Update the plugin endpoint",
        &["PortalId"],
        200,
    ),
    (
        "post",
        "/v3/user/auth/jwt/token",
        "Obtain an access token",
        &[],
        200,
    ),
];

fn is_required(path: &str, name: &str) -> bool {
    name.starts_with("Portal")
        || (path == "/v3/Type" && name == "Type")
        || path == "/v3/admission"
        || (path == "/v3/CampaignIndividual" && name == "CampaignId")
}

pub async fn document() -> Json<Value> {
    let mut paths = serde_json::Map::new();
    for (method, path, summary, params, status) in OPERATIONS {
        let parameters: Vec<Value> = params
            .iter()
            .map(|name| {
                let required = is_required(path, name);
                json!({"name": name, "in": "query", "required": required, "schema": {"type": "string"}})
            })
            .chain(path.contains('{').then(|| json!({"name": "AdmissionMetId", "in": "path", "required": true, "schema": {"type": "integer"}})))
            .collect();
        let mut operation = json!({
            "summary": summary,
            "parameters": parameters,
            "responses": {
                status.to_string(): {"description": "Success", "content": {"application/json": {}}},
                "400": {"description": "Invalid request", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                "401": {"description": "Missing or invalid subscription key or token", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
        });
        if *method != "get" {
            operation["requestBody"] =
                json!({"required": true, "content": {"application/json": {"schema": {}}}});
        }
        paths.entry(path.to_string()).or_insert_with(|| json!({}))[*method] = operation;
    }
    Json(json!({
        "openapi": "3.0.3",
        "info": {"title": "Lead, Resident and Occupancy Management API (LeaseDesk sandbox)", "version": "3.0"},
        "components": {
            "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "Ocp-Apim-Subscription-Key"}},
            "schemas": {"Error": {"type": "object", "properties": {"statusCode": {"type": "integer"}, "message": {"type": "string"}}}}
        },
        "security": [{"key": []}],
        "paths": paths
    }))
}
